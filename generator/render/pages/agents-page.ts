import type { RootContent } from 'mdast';
import { COLLECTION_KEYS } from '../../../core/collections.ts';
import { READ_RATE_LIMIT } from '../../../core/limits.ts';
import { paths } from '../../../core/paths.ts';
import type { Corpus } from '../../model/corpus.ts';
import {
  type AgentConfiguration,
  agentConfigurations,
  mcpServerName,
} from './agent-configurations.ts';
import {
  bullets,
  code,
  codeBlock,
  heading,
  joined,
  link,
  paragraph,
  text,
  titled,
} from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

const TITLE = 'Connect an agent';

/**
 * /docs/agents/: how to connect an AI client to the site's MCP endpoint. Its address is made
 * from the build's base URL, so every deployment shows its own.
 */
export function agentsPage(corpus: Corpus): SitePage {
  const { site } = corpus;
  const url = site.baseUrl + paths.mcp;
  const configs = agentConfigurations(url, mcpServerName(site.name));
  const block = ({ language, text: value }: AgentConfiguration) => codeBlock(language, value);
  const blocks: RootContent[] = [
    paragraph(
      text(
        `The research of ${site.name} is also a Model Context Protocol (MCP) server: an AI client such as Claude, ChatGPT, Cursor or VS Code can search it and read it while it works. Its address:`,
      ),
    ),
    paragraph(code(url)),
    paragraph(
      text(
        'It speaks Streamable HTTP (POST only), needs no key or account, and only reads. Every client below is given this address; the name it lists the server under, ',
      ),
      code(mcpServerName(site.name)),
      text(', is yours to change.'),
    ),
    heading(2, 'Tools'),
    bullets([
      [
        code('search'),
        text(': keywords across every collection, or one ('),
        ...joined(COLLECTION_KEYS.map((key) => code(key))),
        text('), best first, as the '),
        link(paths.apiReference, 'search endpoint of the API'),
        text(' ranks them. Start here to answer a question. Each result has an id, '),
        code('collection/slug'),
        text(', to fetch.'),
      ],
      [
        code('fetch'),
        text(
          ": one record in full, as the Markdown of its page, by the id search or list gave or by the record's page URL. A long record comes in parts: call again from ",
        ),
        code('nextOffset'),
        text('.'),
      ],
      [
        code('list'),
        text(
          ": one collection's records in the site's order, a page at a time, or only those updated since a date: to see what a collection holds or what changed since the last visit. Pass ",
        ),
        code('nextCursor'),
        text(' back for the next page.'),
      ],
    ]),
    paragraph(
      text(
        "Every record is also an MCP resource at the URL of its page, for clients that read resources; its content is the page's Markdown.",
      ),
    ),
    heading(2, 'Limits'),
    bullets([
      [
        text(
          `Calls count against the API's read limit: ${READ_RATE_LIMIT.limit} requests a minute per client, announced in the `,
        ),
        code('RateLimit-*'),
        text(' headers; over it the answer is 429 with '),
        code('Retry-After'),
        text(' in seconds.'),
      ],
      [text('No key and no sign-in: choose no authentication wherever a client asks for one.')],
    ]),
    heading(2, 'Claude Code'),
    paragraph(text('Run:')),
    block(configs.claudeCode),
    heading(2, 'Claude Desktop'),
    paragraph(
      text('Settings > Connectors > Add custom connector, with the URL '),
      code(url),
      text(
        ". Claude reaches a custom connector from Anthropic's servers, so the site must be on the public internet. Or, to connect from your own computer (it needs Node.js), add the server to ",
      ),
      code('claude_desktop_config.json'),
      text(' and restart Claude Desktop:'),
    ),
    block(configs.claudeDesktop),
    heading(2, 'Cursor'),
    paragraph(
      text('In '),
      code('.cursor/mcp.json'),
      text(' of a project, or '),
      code('~/.cursor/mcp.json'),
      text(' for every project:'),
    ),
    block(configs.cursor),
    heading(2, 'VS Code'),
    paragraph(text('In '), code('.vscode/mcp.json'), text(' of the workspace:')),
    block(configs.vsCode),
    heading(2, 'ChatGPT'),
    paragraph(
      text(
        'Turn on developer mode in Settings > Apps & Connectors > Advanced settings, then Create a connector: a name, the MCP server URL ',
      ),
      code(url),
      text(
        ' and the authentication "No authentication". ChatGPT reaches it from OpenAI\'s servers, so the site must be on the public internet over HTTPS. Its deep research uses the ',
      ),
      code('search'),
      text(' and '),
      code('fetch'),
      text(' tools.'),
    ),
    heading(2, 'Try it'),
    paragraph(
      text(
        "The MCP Inspector's command line lists the tools the server offers (it needs a recent Node.js):",
      ),
    ),
    block(configs.inspector),
  ];
  return {
    path: paths.agents,
    title: TITLE,
    description: `Connect Claude, ChatGPT, Cursor, VS Code or any MCP client to the research of ${site.name}: the MCP server's address, its tools and each client's configuration.`,
    tree: titled(TITLE, blocks),
  };
}
