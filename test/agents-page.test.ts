import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Code, Heading, Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { READ_RATE_LIMIT } from '../core/limits.ts';
import { parseMarkdown } from '../generator/markdown/markdown.ts';
import {
  agentConfigurations,
  mcpServerName,
} from '../generator/render/pages/agent-configurations.ts';
import { buildSite, type BuiltSite, REAL_CONTENT } from './support/built-site.ts';

/**
 * The page on connecting an agent (/docs/agents/) and docs/agents.md: every configuration
 * they show is read as its client reads it (a command as the shell splits it, a file as
 * JSON) and must name the MCP endpoint of the build it belongs to, under the site's name.
 */
const run = promisify(execFile);
const PROJECT = path.resolve(import.meta.dirname, '..');
/** An address unlike the shipped one: an IPv6 host needs its brackets quoted in a shell, and mcp-remote needs --allow-http for it. */
const OTHER_BASE_URL = 'http://[::1]:8080';

interface Block {
  heading: string;
  lang: string;
  value: string;
}

/** The fenced code blocks of a Markdown document, each under the `##` heading it follows. */
function codeBlocks(markdown: string): Block[] {
  const tree: Root = parseMarkdown(markdown);
  let heading = '';
  const blocks: Block[] = [];
  for (const node of tree.children) {
    if (node.type === 'heading' && (node as Heading).depth === 2) heading = textOf(node);
    if (node.type === 'code') {
      const { lang, value } = node as Code;
      blocks.push({ heading, lang: lang ?? '', value });
    }
  }
  return blocks;
}

/**
 * The words of a command as a shell splits them, quotes removed. A pattern that matches no
 * file fails, as in zsh (macOS's shell), where bash and dash would keep it as it is.
 */
async function shellWords(command: string): Promise<string[]> {
  const { stdout } = await run('bash', ['-O', 'failglob', '-c', `printf '%s\\0' ${command}`]);
  return stdout.split('\0').slice(0, -1);
}

/** What a block tells its client: a command's words, or a file's JSON value. */
async function meaning({ lang, value }: Pick<Block, 'lang' | 'value'>): Promise<unknown> {
  if (lang === 'sh') return shellWords(value);
  if (lang === 'json') return JSON.parse(value);
  throw new Error(`a configuration in ${lang || 'no language'}: expected json or sh`);
}

/** What each client must be told, in the order the page shows them, as the clients' own documentation writes it. */
function expectedConfigurations(url: string, name: string) {
  const local = /^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(url);
  return [
    { heading: 'Claude Code', told: ['claude', 'mcp', 'add', '--transport', 'http', name, url] },
    {
      heading: 'Claude Desktop',
      told: {
        mcpServers: {
          [name]: {
            command: 'npx',
            args: [
              '-y',
              'mcp-remote',
              url,
              ...(url.startsWith('https:') || local ? [] : ['--allow-http']),
            ],
          },
        },
      },
    },
    { heading: 'Cursor', told: { mcpServers: { [name]: { url } } } },
    { heading: 'VS Code', told: { servers: { [name]: { type: 'http', url } } } },
    {
      heading: 'Try it',
      told: [
        'npx',
        '@modelcontextprotocol/inspector',
        '--cli',
        url,
        '--transport',
        'http',
        '--method',
        'tools/list',
      ],
    },
  ];
}

const told = async (blocks: Block[]) =>
  Promise.all(
    blocks.map(async (block) => ({ heading: block.heading, told: await meaning(block) })),
  );

/** content/site.yaml: the shipped site's name and address. */
let shipped: { name: string; baseUrl: string };
beforeAll(async () => {
  shipped = parseYaml(await readFile(path.join(REAL_CONTENT, 'site.yaml'), 'utf8'));
});

describe('the name a client lists the server under', () => {
  it("is the site's name in lowercase words joined by hyphens, accents dropped", () => {
    expect(mcpServerName('Detour Security')).toBe('detour-security');
    expect(mcpServerName('  Sécurité & Co. 2 ')).toBe('securite-co-2');
    expect(mcpServerName('研究')).toBe('content');
  });
});

describe.each([
  ['the shipped base URL', undefined],
  [OTHER_BASE_URL, OTHER_BASE_URL],
])('/docs/agents/, built at %s', (_, baseUrlOption) => {
  let site: BuiltSite;
  let baseUrl: string;
  let twin: string;
  beforeAll(async () => {
    site = await buildSite(REAL_CONTENT, baseUrlOption);
    baseUrl = (await site.json<{ baseUrl: string }>('_data/service.json')).baseUrl;
    twin = await site.read('docs/agents/index.html.md');
  });

  it('is a page with its twin, in the sitemap and in llms-full.txt', async () => {
    if (baseUrlOption) expect(baseUrl).toBe(baseUrlOption);
    expect(await site.read('docs/agents/index.html')).toContain(
      '<h1 id="connect-an-agent">Connect an agent</h1>',
    );
    expect(twin).toMatch(/^# Connect an agent\n/);
    expect(await site.read('sitemap.xml')).toContain(`<loc>${baseUrl}/docs/agents/</loc>`);
    expect(await site.read('llms-full.txt')).toContain(`<!-- ${baseUrl}/docs/agents/ -->`);
  });

  it("gives every client a configuration that parses and names this build's MCP endpoint", async () => {
    const url = `${baseUrl}/mcp`;
    expect(await told(codeBlocks(twin))).toEqual(
      expectedConfigurations(url, mcpServerName(shipped.name)),
    );
    // The address the reader types into a client's settings (Claude's connectors, ChatGPT).
    const typed = [...twin.matchAll(/`(https?:\/\/[^`]*)`/g)].map((m) => m[1]);
    expect(typed.length).toBeGreaterThanOrEqual(3);
    expect(new Set(typed)).toEqual(new Set([url]));
    if (baseUrlOption) expect(twin).not.toContain('detour.example');
  });

  it('says what each tool does and what limits apply', () => {
    for (const tool of ['search', 'fetch', 'list'])
      expect(twin).toMatch(new RegExp(`^- \`${tool}\`: `, 'm'));
    expect(twin).toContain(`${READ_RATE_LIMIT.limit} requests a minute per client`);
    expect(twin).toMatch(/## ChatGPT\n\n.*Developer mode.*No authentication/is);
  });
});

describe('docs/agents.md', () => {
  it('shows exactly what the site shows, for the shipped address and for npm start, and each parses', async () => {
    const doc = await readFile(path.join(PROJECT, 'docs/agents.md'), 'utf8');
    const name = mcpServerName(shipped.name);
    const deployed = 'https://detour.example/mcp';
    const local = 'http://127.0.0.1:8888/mcp';
    expect(`${shipped.baseUrl}/mcp`).toBe(deployed);
    const blocks = codeBlocks(doc);
    const made = [deployed, local].flatMap((url) =>
      Object.values(agentConfigurations(url, name)).map(({ language, text }) => ({
        lang: language,
        value: text,
      })),
    );
    expect(blocks.map(({ lang, value }) => ({ lang, value })).sort(byText)).toEqual(
      made.sort(byText),
    );
    const meanings = await Promise.all(blocks.map(meaning));
    for (const url of [deployed, local]) {
      const expected = expectedConfigurations(url, name).map((c) => c.told);
      for (const configuration of expected) expect(meanings).toContainEqual(configuration);
    }
  });
});

const byText = (a: { value: string }, b: { value: string }) => a.value.localeCompare(b.value);
