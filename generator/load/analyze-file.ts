import { SLUG_PATTERN, type CollectionKey } from '../../core/collections.ts';
import { readSource, readYamlSource, type SourceFile } from './frontmatter.ts';
import {
  inspectBody,
  parseMarkdown,
  wordCount,
  writtenBody,
  type WrittenBody,
} from '../markdown/markdown.ts';
import type { Problem } from '../model/problems.ts';
import type { JsonSchema } from '../model/schemas/content.ts';
import { validateFrontmatter } from './validate-schema.ts';

/**
 * Everything the build needs from one content file, computed from its text alone: so it
 * can be cached per file, and an unchanged file costs a cache read on the next build.
 * Checks that need the whole corpus (cross-references, links) use `references` and `links`.
 * The body is kept apart from the rest: most builds need every file's fields, but the
 * bodies only of the pages that changed.
 */
export interface FileAnalysis {
  meta: FileMeta;
  /** The body as written and as HTML. */
  body: WrittenBody;
}

export interface FileMeta {
  data: Record<string, unknown>;
  /** Schema, body and date problems of this file. */
  problems: Problem[];
  references: { field: string; slug: string; target: CollectionKey; line: number }[];
  /** Site-relative links in the body, with their file line. */
  links: { url: string; line: number }[];
  /** Words of the body a reader sees (markdown.ts wordCount): the minimum length check and reading times. */
  words: number;
}

export interface AnalyzeOptions {
  schema: JsonSchema;
  minWords: number;
}

export function analyzeFile(
  file: string,
  text: string,
  { schema, minWords }: AnalyzeOptions,
): FileAnalysis {
  const source = readSource(file, text);
  const tree = parseMarkdown(source.body);
  const findings = inspectBody(tree);
  const at = (line: number) => source.bodyLine + line - 1;
  const words = wordCount(tree);
  const problems = [
    ...validateFrontmatter(source, schema),
    ...(source.hasBody ? bodyProblems(source, words, findings, minWords) : []),
    ...dateOrderProblems(source),
  ];
  const links = findings
    .filter((f) => f.kind === 'link' && f.value.startsWith('/') && !f.value.startsWith('//'))
    .map((f) => ({ url: f.value, line: at(f.line) }));
  return {
    meta: { data: source.data, problems, references: referencesOf(source, schema), links, words },
    body: writtenBody(source.body, tree),
  };
}

/** A YAML data file (site.yaml and the like): its fields and their problems; it has no body. */
export function analyzeDataFile(file: string, text: string, schema: JsonSchema): FileAnalysis {
  const source = readYamlSource(file, text);
  return {
    meta: {
      data: source.data,
      problems: validateFrontmatter(source, schema),
      references: [],
      links: [],
      words: 0,
    },
    body: { markdown: '', html: '', ids: [] },
  };
}

function bodyProblems(
  source: SourceFile,
  words: number,
  findings: ReturnType<typeof inspectBody>,
  minWords: number,
): Problem[] {
  const problems: Problem[] = [];
  const at = (line: number) => source.bodyLine + line - 1;
  for (const finding of findings) {
    if (finding.kind === 'h1') {
      problems.push({
        file: source.file,
        line: at(finding.line),
        field: 'body',
        what: `has a level-1 heading "${finding.value}"`,
        fix: 'use ## for sections; the page title comes from `title`',
      });
    } else if (finding.kind === 'html') {
      problems.push({
        file: source.file,
        line: at(finding.line),
        field: 'body',
        what: 'contains raw HTML',
        fix: 'write it in Markdown; raw HTML is not published',
      });
    }
  }
  if (words < minWords) {
    problems.push({
      file: source.file,
      line: source.bodyLine,
      field: 'body',
      what: `has ${words} words`,
      fix: `write at least ${minWords} words`,
    });
  }
  return problems;
}

function dateOrderProblems(source: SourceFile): Problem[] {
  const { published, lastUpdated } = source.data;
  if (typeof published === 'string' && typeof lastUpdated === 'string' && published > lastUpdated) {
    return [
      {
        file: source.file,
        line: source.lineOf('published'),
        field: 'published',
        what: `${published} is after lastUpdated ${lastUpdated}`,
        fix: 'set lastUpdated to the publication date or later',
      },
    ];
  }
  return [];
}

/** The slugs of every list field annotated with `x-references`, with where each was written. */
function referencesOf(source: SourceFile, schema: JsonSchema): FileMeta['references'] {
  const references: FileMeta['references'] = [];
  for (const [field, property] of Object.entries(
    (schema.properties ?? {}) as Record<string, JsonSchema>,
  )) {
    const target = property['x-references'] as CollectionKey | undefined;
    const value = source.data[field];
    if (!target || !Array.isArray(value)) continue;
    value.forEach((slug, index) => {
      if (typeof slug === 'string' && SLUG_PATTERN.test(slug)) {
        references.push({
          field: `${field}.${index}`,
          slug,
          target,
          line: source.lineOf(`${field}.${index}`),
        });
      }
    });
  }
  return references;
}
