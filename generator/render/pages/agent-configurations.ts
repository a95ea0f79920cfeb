/** A client's configuration for the MCP endpoint: a command to run or a file's content. */
export interface AgentConfiguration {
  language: 'json' | 'sh';
  text: string;
}

/**
 * How each AI client is told about the MCP endpoint, as its own documentation writes it:
 * the site's page for agents (/docs/agents/) shows these, and docs/agents.md is held to them
 * by a test, so the two cannot drift apart.
 */
export function agentConfigurations(mcpUrl: string, serverName: string) {
  return {
    claudeCode: sh('claude', 'mcp', 'add', '--transport', 'http', serverName, mcpUrl),
    // mcp-remote runs on the reader's machine and speaks to the endpoint for Claude Desktop.
    claudeDesktop: json({
      mcpServers: {
        [serverName]: { command: 'npx', args: ['-y', 'mcp-remote', mcpUrl, ...allowHttp(mcpUrl)] },
      },
    }),
    cursor: json({ mcpServers: { [serverName]: { url: mcpUrl } } }),
    vsCode: json({ servers: { [serverName]: { type: 'http', url: mcpUrl } } }),
    inspector: sh(
      'npx',
      '@modelcontextprotocol/inspector',
      '--cli',
      mcpUrl,
      '--transport',
      'http',
      '--method',
      'tools/list',
    ),
  } satisfies Record<string, AgentConfiguration>;
}

/**
 * The name a client lists the server under: the site's name in lowercase words joined by
 * hyphens ("Detour Security" -> detour-security), accents dropped, as Claude's connectors
 * take only lowercase letters, digits and hyphens.
 */
export function mcpServerName(siteName: string): string {
  const words = siteName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[a-z0-9]+/g);
  return words ? words.join('-') : 'content';
}

/** mcp-remote refuses plain http except to localhost and 127.0.0.1 unless it is told to allow it. */
function allowHttp(mcpUrl: string): string[] {
  const { protocol, hostname } = new URL(mcpUrl);
  return protocol === 'http:' && hostname !== 'localhost' && hostname !== '127.0.0.1'
    ? ['--allow-http']
    : [];
}

const json = (value: unknown): AgentConfiguration => ({
  language: 'json',
  text: JSON.stringify(value, null, 2),
});

const sh = (...words: string[]): AgentConfiguration => ({
  language: 'sh',
  text: words.map(shellWord).join(' '),
});

/** A word the shell reads back as it is: quoted only when it holds a character the shell would treat otherwise (an IPv6 host's brackets). */
const shellWord = (word: string) =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
