import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Which file of dist/ a URL path is served from, following the generated `_redirects`
 * rewrites (exact-path 200 rules) and directory indexes, as a static host does.
 */
export async function distRouter(dir: string): Promise<(urlPath: string) => string> {
  const rewrites = new Map<string, string>();
  for (const line of (await readFile(path.join(dir, '_redirects'), 'utf8')).split('\n')) {
    const [from, to, status] = line.trim().split(/\s+/);
    if (from && to && status === '200' && !from.startsWith('#')) rewrites.set(from, to);
  }
  return (urlPath: string) => {
    const clean = decodeURI(urlPath.replace(/[?#].*$/, ''));
    const target = rewrites.get(clean) ?? clean;
    return path.join(dir, target.endsWith('/') ? `${target}index.html` : target);
  };
}
