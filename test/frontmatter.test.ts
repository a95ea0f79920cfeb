import { describe, expect, it } from 'vitest';
import { analyzeDataFile } from '../generator/load/analyze-file.ts';
import { readSource, readYamlSource } from '../generator/load/frontmatter.ts';
import { DATA_FILE_SCHEMAS } from '../generator/model/schemas/site.ts';

describe('frontmatter', () => {
  it('splits YAML frontmatter from the body and numbers lines as the file does', () => {
    const source = readSource('a.md', '---\ntitle: A\ntags:\n  - x\n  - y\n---\n\nBody line.\n');
    expect(source.data).toEqual({ title: 'A', tags: ['x', 'y'] });
    expect(source.body).toBe('\nBody line.\n');
    expect(source.bodyLine).toBe(7);
    expect(source.lineOf('title')).toBe(2);
    expect(source.lineOf('tags.1')).toBe(5);
    expect(source.lineOf('missing')).toBe(1);
    expect(source.syntaxProblems).toEqual([]);
    expect(source.hasBody).toBe(true);
  });

  it('takes a byte order mark, Windows line ends and spaces after a fence', () => {
    const source = readSource('a.md', '\uFEFF--- \r\ntitle: A\r\n---\t\r\nBody\r\n');
    expect(source.data).toEqual({ title: 'A' });
    expect(source.body).toBe('Body\r\n');
    expect(source.bodyLine).toBe(4);
    expect(source.lineOf('title')).toBe(2);
  });

  it('ends the frontmatter at a line that is --- alone, not one that starts with it', () => {
    const source = readSource('a.md', '---\ntitle: A\nsummary: |\n  ---- not a fence\n---\nBody\n');
    expect(source.data).toEqual({ title: 'A', summary: '---- not a fence\n' });
    expect(source.body).toBe('Body\n');
  });

  it('reads an empty frontmatter, and a file closed at its last byte', () => {
    expect(readSource('a.md', '---\n---\nBody')).toMatchObject({
      data: {},
      body: 'Body',
      bodyLine: 3,
      syntaxProblems: [],
    });
    expect(readSource('a.md', '---\ntitle: A\n---')).toMatchObject({
      data: { title: 'A' },
      body: '',
      bodyLine: 3,
    });
  });

  it('reads a file without an opening fence as all body, without fields', () => {
    const source = readSource('a.md', 'title: A\n\nJust Markdown.\n');
    expect(source).toMatchObject({
      data: {},
      body: 'title: A\n\nJust Markdown.\n',
      bodyLine: 1,
      syntaxProblems: [],
      hasBody: true,
    });
  });

  it('gives a file without a closing fence one problem that says so, and no body to check', () => {
    const source = readSource('a.md', '---\ntitle: A\n\nA paragraph: with a colon: twice.\n');
    expect(source).toMatchObject({ data: {}, body: '', hasBody: false });
    expect(source.syntaxProblems).toEqual([
      {
        line: 1,
        what: 'the block that opens on line 1 is never closed',
        fix: 'add a line with --- after the last field',
      },
    ]);
    expect(readSource('a.md', '\uFEFF---\ntitle: A\n--\nBody\n').syntaxProblems).toHaveLength(1);
  });

  it('names a tab in the indentation, once for its line, instead of the errors it causes', () => {
    const alone = readSource('a.md', '---\ntitle: A\ntags:\n\t- x\n---\nBody\n');
    expect(alone.syntaxProblems).toEqual([
      {
        line: 4,
        what: 'has a tab in the indentation of this line',
        fix: 'indent with spaces only; YAML does not allow tabs there',
      },
    ]);
    expect(alone.data).toEqual({});
    const afterSpaces = readSource('a.md', '---\ntags:\n  - x\n  \t- y\n\t- z\n---\nBody\n');
    expect(afterSpaces.syntaxProblems.map((p) => [p.line, p.what])).toEqual([
      [4, 'has a tab in the indentation of this line'],
      [5, 'has a tab in the indentation of this line'],
    ]);
    expect(readSource('a.md', '---\ntitle:\tA\n---\nBody\n')).toMatchObject({
      data: { title: 'A' },
      syntaxProblems: [],
    });
  });

  it('never runs frontmatter written in another language: only YAML is frontmatter', () => {
    const ran = globalThis as { frontmatterRan?: boolean };
    const source = readSource(
      'a.md',
      '---js\n{ title: (globalThis.frontmatterRan = true, "A") }\n---\nBody\n',
    );
    expect(ran.frontmatterRan).toBeUndefined();
    expect(source.data).toEqual({});
    expect(source.bodyLine).toBe(1);
  });

  it('reports a YAML syntax error at its file line, and gives no fields with it', () => {
    const source = readSource('a.md', '---\ntitle: A\ndescription: [unclosed\n---\nBody\n');
    expect(source.data).toEqual({});
    expect(source.syntaxProblems).toHaveLength(1);
    expect(source.syntaxProblems[0]!.line).toBeGreaterThanOrEqual(3);
    expect(source.syntaxProblems[0]!.what).toMatch(/^is not valid YAML \(/);
  });

  it('reads a YAML data file from its first line, a leading document marker included', () => {
    const source = readYamlSource('site.yaml', 'name: Site\nbaseUrl: https://example.com\n');
    expect(source.data).toEqual({ name: 'Site', baseUrl: 'https://example.com' });
    expect(source.lineOf('baseUrl')).toBe(2);
    expect(readYamlSource('site.yaml', '---\nname: Site\n').data).toEqual({ name: 'Site' });
    expect(readYamlSource('site.yaml', 'name: Site\nlinks:\n\t- a\n').syntaxProblems).toMatchObject(
      [{ line: 3, what: 'has a tab in the indentation of this line' }],
    );
    expect(readYamlSource('site.yaml', '\uFEFFname: Site\n')).toMatchObject({
      data: { name: 'Site' },
      syntaxProblems: [],
    });
  });

  it("names the data file's line of a field that breaks its schema", () => {
    const { meta } = analyzeDataFile(
      'site.yaml',
      'name: Site\nbaseUrl: 12\n',
      DATA_FILE_SCHEMAS['site.yaml']!,
    );
    expect(meta.problems.find((p) => p.field === 'baseUrl')).toMatchObject({
      file: 'site.yaml',
      line: 2,
    });
  });
});
