import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';
import { pathPattern } from '../core/path-pattern.ts';
import { HEADERS_FILE, REDIRECTS_FILE } from '../generator/emit/netlify-rules.ts';

/**
 * The generated `_redirects` and `_headers`, read with Netlify's own parsers so the
 * local server routes and decorates requests exactly as the CDN is told to.
 */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  force: boolean;
  pattern: RegExp;
}

export interface StaticRules {
  /** The first rule matching a path, as Netlify picks it (first match wins), or undefined. */
  firstMatch(urlPath: string): RedirectRule | undefined;
  headersFor(urlPath: string): Record<string, string>;
}

/**
 * The rules last read, with the dist/ and the identity of the files they were read from:
 * npm run dev makes a new app after every rebuild, and parsing every record's API rule
 * with Netlify's parser would hold the event loop each time. The build replaces a file by
 * renaming a new one over it, so a rewritten file has a new inode, size or time.
 */
let last: { distDir: string; identity: string; rules: StaticRules } | undefined;

async function identityOf(distDir: string): Promise<string> {
  const infos = await Promise.all(
    [REDIRECTS_FILE, HEADERS_FILE].map((name) =>
      stat(path.join(distDir, name)).catch(() => undefined),
    ),
  );
  return JSON.stringify(
    infos.map((info) => info && [info.ino, info.size, info.mtimeMs, info.ctimeMs]),
  );
}

export async function loadStaticRules(distDir: string): Promise<StaticRules> {
  const identity = await identityOf(distDir);
  if (last?.distDir === distDir && last.identity === identity) return last.rules;
  const rules = await parseStaticRules(distDir);
  last = { distDir, identity, rules };
  return rules;
}

async function parseStaticRules(distDir: string): Promise<StaticRules> {
  const parsedRedirects = await parseAllRedirects({
    redirectsFiles: [path.join(distDir, REDIRECTS_FILE)],
    configRedirects: [],
    minimal: true,
  });
  const parsedHeaders = await parseAllHeaders({
    headersFiles: [path.join(distDir, HEADERS_FILE)],
    configHeaders: [],
    minimal: false,
  });
  const errors = [...parsedRedirects.errors, ...parsedHeaders.errors];
  if (errors.length)
    throw new Error(
      `Invalid routing rules in ${distDir}: ${errors.map((e) => String(e.message ?? e)).join('; ')}`,
    );

  const redirects = (
    parsedRedirects.redirects as { from: string; to: string; status?: number; force?: boolean }[]
  ).map((r) => ({
    from: r.from,
    to: r.to,
    status: r.status ?? 301,
    force: r.force ?? false,
    pattern: pathPattern(r.from),
  }));
  const headers = parsedHeaders.headers as { forRegExp: RegExp; values: Record<string, string> }[];

  // Most rules are exact paths (one per API document); index those so a large site does
  // not test thousands of patterns per request. Order is kept: an earlier pattern rule still wins.
  const normalize = (p: string) => (p.length > 1 ? p.replace(/\/$/, '') : p).toLowerCase();
  const exact = new Map<string, number>();
  const patterned: number[] = [];
  redirects.forEach((rule, index) => {
    if (/[:*]/.test(rule.from)) patterned.push(index);
    else if (!exact.has(normalize(rule.from))) exact.set(normalize(rule.from), index);
  });

  return {
    firstMatch(urlPath) {
      const exactIndex = exact.get(normalize(urlPath)) ?? Infinity;
      for (const index of patterned) {
        if (index > exactIndex) break;
        if (redirects[index]!.pattern.test(urlPath)) return redirects[index];
      }
      return Number.isFinite(exactIndex) ? redirects[exactIndex] : undefined;
    },
    headersFor(urlPath) {
      const merged: Record<string, string> = {};
      for (const rule of headers)
        if (rule.forRegExp.test(urlPath)) Object.assign(merged, rule.values);
      return merged;
    },
  };
}

/** Fills `:placeholders` and `:splat` of a rule's target from the matched path. */
export function targetOf(rule: RedirectRule, urlPath: string): string {
  const match = rule.pattern.exec(urlPath);
  const names = rule.from
    .split('/')
    .filter((p) => p.startsWith(':') || p === '*')
    .map((p) => (p === '*' ? 'splat' : p.slice(1)));
  let target = rule.to;
  names.forEach((name, i) => {
    target = target.replace(`:${name}`, match?.[i + 1] ?? '');
  });
  return target;
}
