import matter from 'gray-matter';
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
  /** YAML syntax errors; when there are any, `data` is empty. */
  yamlErrors: { line: number; message: string }[];
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

export function readSource(file: string, text: string): SourceFile {
  let parsed: ParsedYaml | undefined;
  const result = matter(text, {
    engines: {
      yaml: (yamlText: string) => {
        parsed = parseYaml(yamlText);
        return parsed.doc.errors.length ? {} : (parsed.doc.toJS() ?? {});
      },
    },
  });
  // gray-matter hands over the text right after the opening `---`, newline included,
  // so the YAML's line 1 is the file's line 1.
  const firstYamlLine = 1;
  const bodyLine = text.slice(0, text.length - result.content.length).split('\n').length;
  const raw: unknown = result.data;
  const data = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  const yaml = parsed;

  const lineOf = (path: string): number => {
    if (!yaml) return 1;
    const offset = offsetOf(yaml.doc, path.split('.').filter(Boolean));
    return offset === undefined ? 1 : yaml.lines.linePos(offset).line + firstYamlLine - 1;
  };

  const yamlErrors = yaml
    ? yaml.doc.errors.map((e) => ({
        line: yaml.lines.linePos(e.pos[0]).line + firstYamlLine - 1,
        message: e.message.split('\n')[0] ?? e.message,
      }))
    : [];

  return { file, data, body: result.content, bodyLine, lineOf, yamlErrors };
}
