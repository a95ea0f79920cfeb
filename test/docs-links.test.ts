import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeSlug from 'rehype-slug';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';

/**
 * The repository's own documents link only to what the repository holds: every relative
 * link of the READMEs and docs/ names an existing file or folder, and every anchor a
 * heading of its target, slugged as GitHub slugs headings (github-slugger, through
 * rehype-slug).
 */
const PROJECT = path.resolve(import.meta.dirname, '..');

async function documents(): Promise<string[]> {
  const docs = (await readdir(path.join(PROJECT, 'docs'))).filter((name) => name.endsWith('.md'));
  return ['README.md', 'client/README.md', ...docs.map((name) => `docs/${name}`)];
}

const parse = (text: string) => unified().use(remarkParse).use(remarkGfm).parse(text) as MdastRoot;

/** Every link target of a document: links, images and reference definitions, never code. */
function linkTargets(tree: MdastRoot): string[] {
  const found: string[] = [];
  const walk = (node: { type: string; url?: string; children?: unknown[] }) => {
    if ((node.type === 'link' || node.type === 'image' || node.type === 'definition') && node.url)
      found.push(node.url);
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(tree);
  return found;
}

const anchorCache = new Map<string, Promise<Set<string>>>();

/** The ids GitHub gives the headings of a Markdown file. */
function anchorsOf(file: string): Promise<Set<string>> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = (async () => {
      const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSlug);
      const hast = (await processor.run(parse(await readFile(file, 'utf8')))) as HastRoot;
      const ids = new Set<string>();
      const walk = (node: {
        type: string;
        tagName?: string;
        properties?: Record<string, unknown>;
        children?: unknown[];
      }) => {
        if (node.type === 'element' && /^h[1-6]$/.test(node.tagName!) && node.properties?.id)
          ids.add(String(node.properties.id));
        for (const child of node.children ?? []) walk(child as typeof node);
      };
      walk(hast);
      return ids;
    })();
    anchorCache.set(file, anchors);
  }
  return anchors;
}

/** What is wrong with one relative link of `from`, or undefined when it resolves. */
async function linkProblem(from: string, target: string): Promise<string | undefined> {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  if (target.startsWith('/'))
    return 'starts with "/": write it relative to the document, as GitHub resolves it';
  const hash = target.indexOf('#');
  const filePart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
  const file = filePart === '' ? from : path.resolve(path.dirname(from), filePart);
  const inside = path.relative(PROJECT, file);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return 'points outside the repository';
  const info = await stat(file).catch(() => undefined);
  if (!info) return `names ${path.relative(PROJECT, file)}, which does not exist`;
  if (anchor === undefined) return undefined;
  if (!file.endsWith('.md')) return 'has an anchor into a file that is not Markdown';
  return (await anchorsOf(file)).has(anchor)
    ? undefined
    : `names #${anchor}, which is not a heading of ${path.relative(PROJECT, file)}`;
}

async function problemsOf(relativePath: string): Promise<string[]> {
  const file = path.join(PROJECT, relativePath);
  const targets = linkTargets(parse(await readFile(file, 'utf8')));
  const problems = await Promise.all(
    targets.map(async (target) => {
      const problem = await linkProblem(file, target);
      return problem && `${relativePath}: (${target}) ${problem}`;
    }),
  );
  return problems.filter((p): p is string => p !== undefined);
}

describe("the repository's documents", () => {
  it('link only to files, folders and headings the repository has', async () => {
    const files = await documents();
    expect(files).toContain('docs/api.md');
    const problems = (await Promise.all(files.map(problemsOf))).flat();
    expect(problems).toEqual([]);
  });

  it('are checked link by link: a missing file, a missing heading and a way out are each found', async () => {
    const readme = path.join(PROJECT, 'README.md');
    expect(await linkProblem(readme, 'docs/api.md#limits')).toBeUndefined();
    expect(await linkProblem(readme, 'docs/commands.md#npm-run-build')).toBeUndefined();
    expect(await linkProblem(readme, 'docs/screenshots/')).toBeUndefined();
    expect(await linkProblem(readme, 'https://example.com/x.md#nowhere')).toBeUndefined();
    expect(await linkProblem(readme, 'docs/nowhere.md')).toMatch(/does not exist/);
    expect(await linkProblem(readme, 'docs/api.md#nowhere')).toMatch(/not a heading/);
    expect(await linkProblem(readme, '#nowhere')).toMatch(/not a heading of README\.md/);
    expect(await linkProblem(readme, '../../elsewhere/notes.md')).toMatch(/outside the repository/);
    expect(await linkProblem(readme, '/docs/api/')).toMatch(/starts with "\/"/);
  });
});
