import { LineCounter, parseDocument, isMap, isSeq, isScalar, type Document } from 'yaml';

/**
 * A parsed content file that still knows where each frontmatter field was written,
 * so that every problem can be reported as `file:line`.
 */
export interface SourceFile {
  file: string;
  data: Record<string, unknown>;
  body: string;
  /** 1-based line of the body's first line in the file. */
  bodyLine: number;
  /**
   * 1-based line of a frontmatter field given as a path (`policies.1.role`);
   * the nearest written parent when the field itself is absent.
   */
  lineOf(path: string): number;
  /** What keeps the frontmatter from being read, each on its file line; when there are any, `data` is empty. */
  syntaxProblems: SyntaxProblem[];
  /**
   * False for a data file, and for a Markdown file whose frontmatter is never closed: where
   * its body would begin is unknown, so checking the body would only report it empty.
   */
  hasBody: boolean;
}

export interface SyntaxProblem {
  line: number;
  what: string;
  fix: string;
}

interface ParsedYaml {
  doc: Document;
  lines: LineCounter;
}

/** YAML 1.2 core schema: `2026-01-05` stays a string, as JSON Schema's `format: date` expects. */
function parseYaml(text: string): ParsedYaml {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  return { doc, lines };
}

/** Offset of the deepest node on `segments` that exists: a mapping key, or a sequence item. */
function offsetOf(doc: Document, segments: string[]): number | undefined {
  let node: unknown = doc.contents;
  let offset: number | undefined;
  for (const segment of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === segment);
      if (!pair) break;
      offset = (pair.key as { range?: [number, number, number] }).range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && /^\d+$/.test(segment)) {
      const item = node.items[Number(segment)] as { range?: [number, number, number] } | undefined;
      if (!item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  return offset;
}

/**
 * The opening fence: `---` alone on the first line (a byte order mark before it, spaces
 * after it, allowed). gray-matter, which this replaces, also took a language after the
 * fence (`---json`, and `---js`, run with eval) and loaded dependencies into every process
 * and thread; a Markdown file here has YAML frontmatter only.
 */
const OPENING_FENCE = /^\uFEFF?---[ \t]*\r?\n/;
/** The closing fence: the next line that is `---` alone. */
const CLOSING_FENCE = /^---[ \t]*(?:\r?\n|$)/gm;

const linesIn = (text: string) => {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
};

/**
 * A Markdown file: its YAML frontmatter between the fences, then its body. A file without
 * the opening fence is all body (and has no fields). One without a closing fence gets a
 * single problem saying so: read as YAML, its body would give errors that hide the cause.
 */
export function readSource(file: string, text: string): SourceFile {
  const opening = OPENING_FENCE.exec(text);
  if (!opening) return sourceFile(file, undefined, text, 1);
  CLOSING_FENCE.lastIndex = opening[0].length;
  const closing = CLOSING_FENCE.exec(text);
  if (!closing) {
    return {
      file,
      data: {},
      body: '',
      bodyLine: linesIn(text) + 1,
      lineOf: () => 1,
      syntaxProblems: [
        {
          line: 1,
          what: 'the block that opens on line 1 is never closed',
          fix: 'add a line with --- after the last field',
        },
      ],
      hasBody: false,
    };
  }
  const bodyStart = closing.index + closing[0].length;
  return sourceFile(
    file,
    { text: text.slice(opening[0].length, closing.index), firstLine: 2 },
    text.slice(bodyStart),
    linesIn(text.slice(0, bodyStart)) + 1,
  );
}

/** A YAML data file (site.yaml and the like): fields only, from its first line. */
export const readYamlSource = (file: string, text: string): SourceFile => ({
  ...sourceFile(file, { text, firstLine: 1 }, '', linesIn(text) + 1),
  hasBody: false,
});

/** The YAML text of a file, and the file line it starts on. */
interface Frontmatter {
  text: string;
  firstLine: number;
}

/** A line indented with a tab, alone or after spaces. */
const TAB_INDENTED = /^ *\t/;

/**
 * The YAML errors as problems. A tab in a line's indentation makes the parser report
 * errors of its own on that line (a misread key, a missing value): that line gets one
 * problem naming the tab instead.
 */
function yamlProblems({ doc, lines, firstLine, text }: ParsedYaml & Frontmatter): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  const tabLines = new Set<number>();
  for (const error of doc.errors) {
    const { line } = lines.linePos(error.pos[0]);
    const fileLine = line + firstLine - 1;
    const lineText = text.slice(lines.lineStarts[line - 1], lines.lineStarts[line]);
    if (TAB_INDENTED.test(lineText)) {
      if (tabLines.has(fileLine)) continue;
      tabLines.add(fileLine);
      problems.push({
        line: fileLine,
        what: 'has a tab in the indentation of this line',
        fix: 'indent with spaces only; YAML does not allow tabs there',
      });
    } else {
      problems.push({
        line: fileLine,
        what: `is not valid YAML (${error.message.split('\n')[0] ?? error.message})`,
        fix: 'fix the YAML syntax; quote values that contain ": " or start with [, {, * or &',
      });
    }
  }
  return problems;
}

function sourceFile(
  file: string,
  frontmatter: Frontmatter | undefined,
  body: string,
  bodyLine: number,
): SourceFile {
  const yaml = frontmatter && { ...parseYaml(frontmatter.text), ...frontmatter };
  const raw: unknown = yaml && !yaml.doc.errors.length ? yaml.doc.toJS() : undefined;
  const data = (
    typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}
  ) as Record<string, unknown>;
  const fileLine = ({ lines, firstLine }: NonNullable<typeof yaml>, offset: number) =>
    lines.linePos(offset).line + firstLine - 1;

  const lineOf = (path: string): number => {
    if (!yaml) return 1;
    const offset = offsetOf(yaml.doc, path.split('.').filter(Boolean));
    return offset === undefined ? 1 : fileLine(yaml, offset);
  };

  const syntaxProblems = yaml ? yamlProblems(yaml) : [];
  return { file, data, body, bodyLine, lineOf, syntaxProblems, hasBody: true };
}
