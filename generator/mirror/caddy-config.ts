import { MirrorError } from './mirror-error.ts';
import type { MirrorPlan } from './mirror-plan.ts';

/**
 * The plan as a Caddyfile site block. One `route` keeps the plan's order: answers decided
 * on the requested path first (with that path's headers), then the rewrites to a
 * document, a Markdown twin or a not-found page, then that file's headers and the file.
 * Not-found pages are served by the same `file_server` with status 404 rather than by
 * `handle_errors`, so one set of header rules serves every answer.
 */
export function caddyConfig(plan: MirrorPlan, options: { listen: string }): string {
  const { host, port } = splitListen(options.listen);
  const matchers = new Matchers();
  const json = token(plan.jsonType);
  const allow = token(plan.readOnly.allow);
  const onPath = (pattern: string) => `path_regexp ${token(pattern)}`;

  const headerOps = plan.headers.flatMap((header) =>
    header.rules.map(
      (rule) =>
        `header ${matchers.named('path', [onPath(`${rule.caseSensitive ? '' : '(?i)'}${rule.pattern}`)])} ${header.name} ${text(rule.value)}`,
    ),
  );
  const errorHeaders = Object.entries(plan.errorHeaders).map(
    ([name, value]) => `header ${name} ${text(value)}`,
  );
  const withHeaders = (matcher: string, ...lines: string[]) => [
    `route ${matcher} {`,
    ...indent([`import ${HEADERS_SNIPPET}`, ...lines]),
    '}',
  ];
  /** An answer with an error status: its path's headers, then those every error gets. */
  const withErrorHeaders = (matcher: string, ...lines: string[]) =>
    withHeaders(matcher, ...errorHeaders, ...lines);
  const onTarget = (pattern: string) => `vars_regexp {http.request.orig_uri} ${token(pattern)}`;
  const apiLike = onPath(`(?i)${plan.apiLike}`);
  const page = [
    'vars {vars.mirror_markdown} 1',
    'method GET HEAD',
    onPath(alternatives(plan.twin.pages)),
    `not ${onPath(alternatives(plan.twin.notPages))}`,
  ];
  const notFound = (name: string, condition: string) =>
    matchers.named(name, ['vars {vars.mirror_status} 404', condition]);
  const hidden = matchers.named('hidden', [onPath(`(?i)${alternatives(plan.hidden)}`)]);

  const route = [
    'vars mirror_status 200',
    '# A target that is not canonical: 404 before anything else, the 404 document or page served whatever the method.',
    ...plan.nonCanonical.map(
      (rule, index) =>
        `vars ${matchers.named(`non_canonical_${index}`, [onTarget(rule.pattern), ...(rule.exceptUnder ? [`not ${onTarget(`^${escapeRegex(rule.exceptUnder)}`)}`] : [])])} mirror_non_canonical 1`,
    ),
    // Rewritten first, so the headers are those of what is served, as for every not-found answer.
    ...[
      `route ${matchers.named('non_canonical_api', ['vars {vars.mirror_non_canonical} 1', apiLike])} {`,
      ...indent([
        `rewrite * ${token(plan.api.notFoundDocument)}`,
        `import ${HEADERS_SNIPPET}`,
        ...errorHeaders,
        `header Content-Type ${json}`,
        `respond ${text(plan.api.notFoundBody)} 404`,
      ]),
      '}',
      `route ${matchers.named('non_canonical', ['vars {vars.mirror_non_canonical} 1'])} {`,
      ...indent([
        `rewrite * ${token(plan.notFoundPage)}`,
        `import ${HEADERS_SNIPPET}`,
        ...errorHeaders,
        `method ${matchers.named('not_head', ['not method HEAD'])} GET`,
        'file_server {',
        '\tstatus 404',
        '}',
      ]),
      '}',
    ],
    '# Answers on the requested path.',
    ...withHeaders(
      matchers.named('read_only', ['not method GET HEAD', onPath(plan.readOnly.pattern)]),
      `header Allow ${allow}`,
      `header Content-Type ${json}`,
      ...errorHeaders,
      `respond ${text(plan.readOnly.body)} 405`,
    ),
    ...plan.fullApiOnly.flatMap((route, index) =>
      withHeaders(
        matchers.named(`full_api_${index}`, [
          onPath(route.pattern),
          ...(route.staticUnlessPaged
            ? [
                `expression ${token(plan.pagingParameters.map((name) => `{http.request.uri.query.${name}} != ""`).join(' || '))}`,
              ]
            : []),
        ]),
        `header Content-Type ${json}`,
        ...errorHeaders,
        `respond ${text(route.body)} 501`,
      ),
    ),
    // file_server refuses other methods than GET and HEAD, so the API's 404 is sent from here.
    ...withErrorHeaders(
      matchers.named('api_refused', ['not method GET HEAD', onPath(plan.api.pattern)]),
      `header Content-Type ${json}`,
      `respond ${text(plan.api.notFoundBody)} 404`,
    ),
    ...withErrorHeaders(
      matchers.named('page_refused', ['not method GET HEAD', `not ${onPath(plan.api.pattern)}`]),
      `header Allow ${allow}`,
      'respond 405',
    ),
    `vars ${hidden} mirror_status 404`,
    `rewrite ${hidden} ${token(plan.notFoundPage)}`,
    "# Requested directly, the API's 404 document is a 404 like any unknown API path.",
    `vars ${matchers.named('not_found_document', [`path ${token(plan.api.notFoundDocument)}`])} mirror_status 404`,
    '# Documents and Markdown twins.',
    `rewrite ${matchers.named('document', ['not vars {mirror_document} -'])} {mirror_document}`,
    `vars ${matchers.named('markdown_first', [`header_regexp Accept ${token(`(?i)${plan.twin.accept.markdownFirst}`)}`])} mirror_markdown 1`,
    `vars ${matchers.named('markdown_named', [
      `header_regexp Accept ${token(`(?i)${plan.twin.accept.markdownNamed}`)}`,
      `not header_regexp Accept ${token(`(?i)${plan.twin.accept.htmlNamed}`)}`,
    ])} mirror_markdown 1`,
    `rewrite ${matchers.named('twin_of_folder', [...page, 'path */'])} {path}${plan.twin.file}`,
    `rewrite ${matchers.named('twin_of_page', [...page, 'not path */'])} {path}/${plan.twin.file}`,
    ...withHeaders(
      matchers.named('folder_without_slash', ['not path */', 'file {path}/']),
      'redir {path}/ 301',
    ),
    "# What does not exist: the API's 404 document, or the 404 page.",
    `vars ${matchers.named('missing_file', ['not path */', 'not file {path}'])} mirror_status 404`,
    `vars ${matchers.named('missing_index', ['path */', 'not file {path}index.html'])} mirror_status 404`,
    `rewrite ${notFound('not_found_api', apiLike)} ${token(plan.api.notFoundDocument)}`,
    `rewrite ${notFound('not_found_page', `not ${apiLike}`)} ${token(plan.notFoundPage)}`,
    '# The file, with its headers. A forced status would turn a 304 into an empty 200: only not-found pages get one.',
    ...withErrorHeaders(
      matchers.named('not_found', ['vars {vars.mirror_status} 404']),
      'file_server {',
      '\tprecompressed br gzip',
      '\tstatus 404',
      '}',
    ),
    `import ${HEADERS_SNIPPET}`,
    'file_server {',
    '\tprecompressed br gzip',
    '}',
  ];

  return [
    `# Static mirror of ${plan.root}, generated by \`npm run mirror -- caddy\`. Full API: ${plan.apiUrl}`,
    '# Run it with `caddy run --config FILE --adapter caddyfile`, or add all of it to your Caddyfile.',
    '# docs/mirror.md explains what it serves.',
    '',
    '# Every header, by the path of what is served: the rules in order, a later match winning.',
    `(${HEADERS_SNIPPET}) {`,
    ...indent(headerOps),
    '}',
    '',
    `http://:${port} {`,
    ...indent([
      `bind ${token(host)}`,
      `root * ${token(plan.root)}`,
      '',
      '# API paths served from a file, matched as Netlify matches _redirects.',
      'map {path} {mirror_document} {',
      ...indent([
        ...plan.documents.map(
          (d) => `${token(`~(?i)^${escapeRegex(d.path)}/?$`)} ${token(d.file)}`,
        ),
        'default -',
      ]),
      '}',
      '',
      ...matchers.definitions(),
      '',
      'route {',
      ...indent(route),
      '}',
    ]),
    '}',
    '',
  ].join('\n');
}

/**
 * Header operations run at once unless one deletes a header, which defers them all to the
 * moment the response is written; so headers are set once per answer, never reset.
 */
const HEADERS_SNIPPET = 'mirror_headers';

/** Named matchers: one per distinct set of conditions, named for its first use. */
class Matchers {
  private readonly byConditions = new Map<string, string>();

  named(name: string, conditions: string[]): string {
    const key = conditions.join('\n');
    let matcher = this.byConditions.get(key);
    if (!matcher) {
      matcher = `@mirror_${name}_${this.byConditions.size}`;
      this.byConditions.set(key, matcher);
    }
    return matcher;
  }

  definitions(): string[] {
    return [...this.byConditions].flatMap(([key, matcher]) => [
      `${matcher} {`,
      ...indent(key.split('\n')),
      '}',
    ]);
  }
}

function indent(lines: string[]): string[] {
  return lines.map((line) => (line ? `\t${line}` : line));
}

function alternatives(patterns: string[]): string {
  return patterns.map((p) => `(?:${p})`).join('|');
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
}

/** A Caddyfile token: backquoted (no escapes inside) when it holds anything the lexer would split on. */
function token(value: string): string {
  if (!/[\s"'`{}#]/.test(value) && value !== '') return value;
  if (value.includes('`'))
    throw new MirrorError(
      `Caddy cannot take ${JSON.stringify(value)} as one token: remove the backquote.`,
    );
  return `\`${value}\``;
}

/** A token Caddy will expand placeholders in (header values, bodies): braces escaped so they stay literal. */
function text(value: string): string {
  return token(value.replace(/[{}]/g, '\\$&'));
}

function splitListen(listen: string): { host: string; port: string } {
  const match = /^\[?([^\]]*?)\]?:(\d+)$/.exec(listen);
  if (!match) throw new MirrorError(`--listen ${listen}: give HOST:PORT, such as 127.0.0.1:8080.`);
  return { host: match[1]!, port: match[2]! };
}
