import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { build } from '../generator/build.ts';
import { formatProblem, ContentError } from '../generator/model/problems.ts';
import { syntheticSlug, writeSyntheticCorpus } from './support/synthetic-corpus.ts';
import { temporaryDirectory } from './support/temporary-directory.ts';
import fg from 'fast-glob';
import { COLLECTION_KEYS } from '../core/collections.ts';
import { frontmatterSchema } from '../generator/model/schemas/content.ts';
import { DATA_FILE_SCHEMAS, pageSchema } from '../generator/model/schemas/site.ts';
import { createAjv } from '../generator/load/validate-schema.ts';

let content: string;
let out: string;

beforeEach(async () => {
  const root = await temporaryDirectory('content-');
  content = path.join(root, 'content');
  out = path.join(root, 'dist');
  await writeSyntheticCorpus(content, 2);
});

async function problemsOf(): Promise<string[]> {
  try {
    await build({ contentDir: content, outDir: out });
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as ContentError).problems.map((p) =>
      formatProblem({ ...p, file: path.basename(p.file) }),
    );
  }
  throw new Error('the build succeeded but was expected to fail');
}

async function edit(relative: string, change: (text: string) => string): Promise<string> {
  const file = path.join(content, relative);
  await writeFile(file, change(await readFile(file, 'utf8')));
  return file;
}

describe('content validation', () => {
  it('validates content against schemas that are themselves valid JSON Schema 2020-12 (the build does not check them at each start)', () => {
    const ajv = createAjv();
    const schemas = [
      ...Object.values(DATA_FILE_SCHEMAS),
      pageSchema,
      ...COLLECTION_KEYS.map(frontmatterSchema),
    ];
    for (const schema of schemas) expect(ajv.validateSchema(schema), ajv.errorsText()).toBe(true);
    expect(ajv.validateSchema({ type: 'object', properties: { title: { type: 'strnig' } } })).toBe(
      false,
    );
  });

  it('builds a valid corpus', async () => {
    const summary = await build({ contentDir: content, outDir: out });
    expect(summary.records).toEqual({
      threats: 2,
      glossary: 2,
      exposures: 2,
      apps: 2,
      ai: 2,
      posts: 2,
    });
  });

  it('reports every schema problem with file, line, field and a fix, all at once', async () => {
    const threat = `threats/${syntheticSlug('threats', 0)}.md`;
    const text = await readFile(path.join(content, threat), 'utf8');
    const lines = text.split('\n');
    const categoryLine = lines.findIndex((l) => l.startsWith('category:')) + 1;
    const dateLine = lines.findIndex((l) => l.startsWith('lastUpdated:')) + 1;
    await edit(threat, (t) =>
      t
        .replace(/^category: .*$/m, 'category: phising')
        .replace(/^lastUpdated: .*$/m, 'lastUpdated: 2026-02-30')
        .replace(/^howItWorks: .*\n/m, ''),
    );
    await edit(`posts/${syntheticSlug('posts', 1)}.md`, (t) =>
      t.replace(/^author: .*$/m, 'auther: Someone'),
    );

    const problems = await problemsOf();
    const name = path.basename(threat);
    expect(problems).toContain(
      `${name}:${categoryLine}: category: "phising" is not an allowed value -> use one of: phishing, malware-delivery, session-attacks, web-application-attacks, exploitation, social-engineering, supply-chain`,
    );
    expect(problems).toContain(
      `${name}:${dateLine}: lastUpdated: "2026-02-30" is not a valid date -> write a real calendar date as YYYY-MM-DD, unquoted`,
    );
    expect(
      problems.some((p) =>
        p.startsWith(`${name}:1: howItWorks: is missing -> add \`howItWorks:\``),
      ),
    ).toBe(true);
    const post = `${syntheticSlug('posts', 1)}.md`;
    expect(
      problems.some(
        (p) => p.startsWith(`${post}:`) && p.includes('auther: is not a field of this file'),
      ),
    ).toBe(true);
    expect(problems.some((p) => p.startsWith(`${post}:1: author: is missing`))).toBe(true);
  });

  it('refuses Markdown files the build would not read, naming each and where it belongs', async () => {
    const record = path.join(content, `threats/${syntheticSlug('threats', 0)}.md`);
    const place = async (relative: string) => {
      await mkdir(path.dirname(path.join(content, relative)), { recursive: true });
      await copyFile(record, path.join(content, relative));
    };
    for (const f of [
      'threat/typo-folder.md',
      'threats/long-form.markdown',
      'Glosary/capital.md',
      'threats/drafts/nested.md',
      'pages/faq.md',
      'notes/elsewhere.md',
      'loose.md',
      'posts/shouting.MD',
    ])
      await place(f);
    let problems: string[] = [];
    await build({ contentDir: content, outDir: out }).catch(
      (error: ContentError) =>
        (problems = error.problems.map((p) =>
          formatProblem({ ...p, file: path.relative(content, p.file) }),
        )),
    );
    const folders = 'threats/, glossary/, exposures/, apps/, ai/, posts/';
    expect(problems).toEqual([
      `Glosary/capital.md:1: file: Glosary/ is not a collection folder, so the build does not read this file -> move it to glossary/capital.md (the collections are ${folders})`,
      `loose.md:1: file: is not in a collection folder, so the build does not read it -> move it into one of ${folders} (as loose.md)`,
      `notes/elsewhere.md:1: file: notes/ is not a collection folder, so the build does not read this file -> move it to the collection it belongs to: ${folders}`,
      `pages/faq.md:1: file: is not one of the site's pages (home.md, about.md, contact.md), so the build does not read it -> publish it as a record: move it to one of ${folders}`,
      `posts/shouting.MD:1: file: is not read: records are .md files -> rename it to shouting.md`,
      `threat/typo-folder.md:1: file: threat/ is not a collection folder, so the build does not read this file -> move it to threats/typo-folder.md (the collections are ${folders})`,
      `threats/drafts/nested.md:1: file: is in a subfolder, and collections are flat -> move it to threats/nested.md`,
      `threats/long-form.markdown:1: file: is not read: records are .md files -> rename it to long-form.md`,
    ]);
    expect(await fg('**/*', { cwd: out })).toEqual([]);
  });

  it('refuses a hand-written url or slug: both are derived', async () => {
    await edit(`apps/${syntheticSlug('apps', 0)}.md`, (t) =>
      t.replace(/^title: /m, 'url: https://elsewhere.example/x\ntitle: '),
    );
    expect(await problemsOf()).toEqual([
      `${syntheticSlug('apps', 0)}.md:2: url: is derived by the build, never written by hand -> remove it; the url comes from the site's baseUrl and the file name`,
    ]);
  });

  it('fails on a cross-reference to a record that does not exist, naming the line', async () => {
    const file = `threats/${syntheticSlug('threats', 1)}.md`;
    await edit(file, (t) => t.replace(/^controls:\n {2}- .*$/m, 'controls:\n  - no-such-term'));
    const text = await readFile(path.join(content, file), 'utf8');
    const line = text.split('\n').findIndex((l) => l.includes('no-such-term')) + 1;
    expect(await problemsOf()).toEqual([
      `${path.basename(file)}:${line}: controls.0: "no-such-term" is not a record of glossary -> use the slug of an existing file in content/glossary/ or create content/glossary/no-such-term.md`,
    ]);
  });

  it('fails on body problems: too short, an H1, raw HTML and a broken internal link', async () => {
    const file = `exposures/${syntheticSlug('exposures', 0)}.md`;
    await edit(file, (t) =>
      t.replace(
        /\n## Section\n[\s\S]*$/,
        '\n# Title again\n\nShort body with <b>html</b> and [a link](/glossary/missing/).\n',
      ),
    );
    const problems = await problemsOf();
    const name = path.basename(file);
    expect(
      problems.some(
        (p) => p.startsWith(name) && /body: has \d words -> write at least 150 words$/.test(p),
      ),
    ).toBe(true);
    expect(problems.some((p) => p.includes('body: has a level-1 heading "Title again"'))).toBe(
      true,
    );
    expect(problems.some((p) => p.includes('body: contains raw HTML'))).toBe(true);
    expect(
      problems.some((p) =>
        p.includes('links to /glossary/missing/, which is not a page of the site'),
      ),
    ).toBe(true);
  });

  it('reports YAML syntax errors and bad file names', async () => {
    await edit(`ai/${syntheticSlug('ai', 0)}.md`, (t) =>
      t.replace(/^title: .*$/m, 'title: [unclosed'),
    );
    await writeFile(path.join(content, 'apps', 'Bad Name.md'), '---\ntitle: x\n---\n');
    const problems = await problemsOf();
    expect(
      problems.some((p) => /ai-record-0\.md:\d+: frontmatter: is not valid YAML/.test(p)),
    ).toBe(true);
    expect(problems).toContain(
      'Bad Name.md:1: slug: the file name "Bad Name" is not a valid slug -> rename the file to bad-name.md (lowercase letters, digits and hyphens)',
    );
  });

  it('names a frontmatter never closed and a tab in its indentation, one problem each, and writes nothing', async () => {
    const unclosed = `posts/${syntheticSlug('posts', 0)}.md`;
    await edit(unclosed, (t) => t.replace(/^---\n(?=\n|#)/m, '\n'));
    const tabbed = `posts/${syntheticSlug('posts', 1)}.md`;
    await edit(tabbed, (t) => t.replace(/^tags:\n {2}- /m, 'tags:\n\t- '));
    const text = await readFile(path.join(content, tabbed), 'utf8');
    const tabLine = text.split('\n').findIndex((l) => l.startsWith('\t')) + 1;
    expect(await problemsOf()).toEqual([
      `${path.basename(unclosed)}:1: frontmatter: the block that opens on line 1 is never closed -> add a line with --- after the last field`,
      `${path.basename(tabbed)}:${tabLine}: frontmatter: has a tab in the indentation of this line -> indent with spaces only; YAML does not allow tabs there`,
    ]);
    expect(await fg('**/*', { cwd: out })).toEqual([]);
  });

  it('leaves an existing dist/ untouched when the content is invalid', async () => {
    await build({ contentDir: content, outDir: out });
    const before = await fg('**/*', { cwd: out });
    await rm(path.join(content, 'glossary', `${syntheticSlug('glossary', 0)}.md`));
    await expect(build({ contentDir: content, outDir: out })).rejects.toBeInstanceOf(ContentError);
    expect((await fg('**/*', { cwd: out })).sort()).toEqual(before.sort());
    const siblings = await fg('*', { cwd: path.dirname(out), onlyDirectories: true });
    expect(siblings.filter((d) => d.includes('staging'))).toEqual([]);
  });
});
