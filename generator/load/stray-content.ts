import { COLLECTION_KEYS } from '../../core/collections.ts';
import type { Problem } from '../model/problems.ts';

/**
 * Markdown files the build would not read: a record in `content/threat/` instead of
 * `content/threats/`, a `.markdown` file, a page the site does not have. Skipping them
 * would publish a site without them and say nothing, so each one is a content problem
 * that names the file and where it belongs (docs/decisions.md).
 */
const MARKDOWN = /\.(md|markdown|mdown|mkdn?|mdwn|mdtxt|mdtext)$/i;

/**
 * `files` are every file under the content folder, relative and `/`-separated; `read` says
 * whether the build reads one; `pages` are the site's page names. `rel` says a file as
 * problems do.
 */
export function strayMarkdownProblems(
  files: readonly string[],
  read: (file: string) => boolean,
  pages: readonly string[],
  rel: (file: string) => string,
): Problem[] {
  return files
    .filter((file) => MARKDOWN.test(file) && !read(file))
    .map((file) => strayProblem(file, pages, rel));
}

function strayProblem(
  file: string,
  pages: readonly string[],
  rel: (file: string) => string,
): Problem {
  const parts = file.split('/');
  const name = parts.at(-1)!;
  const asMd = `${name.replace(/\.[^.]+$/, '')}.md`;
  const problem = (what: string, fix: string): Problem => ({
    file: rel(file),
    line: 1,
    field: 'file',
    what,
    fix,
  });
  const folders = COLLECTION_KEYS.map((k) => `${k}/`).join(', ');
  if (parts.length === 1)
    return problem(
      'is not in a collection folder, so the build does not read it',
      `move it into one of ${folders} (as ${asMd})`,
    );
  const [top] = parts;
  if (top === 'pages') {
    if (parts.length === 2 && pages.includes(asMd.slice(0, -3)) && asMd !== name)
      return problem('is not read: pages are .md files', `rename it to ${asMd}`);
    return problem(
      `is not one of the site's pages (${pages.map((p) => `${p}.md`).join(', ')}), so the build does not read it`,
      `publish it as a record: move it to one of ${folders}`,
    );
  }
  if ((COLLECTION_KEYS as readonly string[]).includes(top!)) {
    if (parts.length > 2)
      return problem('is in a subfolder, and collections are flat', `move it to ${top}/${asMd}`);
    return problem(`is not read: records are .md files`, `rename it to ${asMd}`);
  }
  const closest = closestCollection(top!);
  return problem(
    `${top}/ is not a collection folder, so the build does not read this file`,
    closest
      ? `move it to ${closest}/${asMd} (the collections are ${folders})`
      : `move it to the collection it belongs to: ${folders}`,
  );
}

/** The collection whose name is nearest to a folder's (a typo, a singular, a capital), if any is near. */
function closestCollection(folder: string): string | undefined {
  const lower = folder.toLowerCase();
  const ranked = COLLECTION_KEYS.map((key) => ({ key, distance: editDistance(lower, key) })).sort(
    (a, b) => a.distance - b.distance,
  );
  const best = ranked[0]!;
  return best.distance <= Math.max(2, Math.floor(best.key.length / 3)) ? best.key : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}
