import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import type { Root as MdastRoot } from 'mdast';
import { COLLECTION_KEYS, SLUG_PATTERN, type CollectionKey } from '../core/collections.ts';
import { paths } from '../core/paths.ts';
import { readSource, type SourceFile } from './frontmatter.ts';
import { inspectBody, parseMarkdown, wordCount } from './markdown.ts';
import { ContentError, type Problem } from './problems.ts';
import { frontmatterSchema, MIN_BODY_WORDS, type JsonSchema } from './schemas/content.ts';
import { instanceImagesSchema, pageSchema, pricingSourceSchema, siteSchema } from './schemas/site.ts';
import type { InstanceImage } from '../core/instances.ts';
import { validateFrontmatter } from './validate-schema.ts';
import { compareRecords } from './record-order.ts';
import { mapBounded } from './map-bounded.ts';

export interface Site {
  name: string;
  baseUrl: string;
  description: string;
  apiName: string;
  apiDescription: string;
  contactEmail: string;
  language: string;
}

export interface PricingPlan {
  id: string;
  name: string;
  price: number;
  interval: 'month' | 'year';
  trial: string;
}

export interface PricingSource {
  product: string;
  description: string;
  currency: string;
  plans: PricingPlan[];
  includes: string[];
  supportedBrowsers: string[];
  installUrl: string;
  lastUpdated: string;
}

export interface ContentRecord {
  collection: CollectionKey;
  slug: string;
  file: string;
  /** Validated frontmatter: the common fields plus the collection's own. */
  fields: Record<string, unknown> & { title: string; category: string; summary: string; lastUpdated: string };
  tree: MdastRoot;
  url: string;
}

export interface Page {
  name: string;
  file: string;
  title: string;
  description: string;
  tree: MdastRoot;
}

export interface Corpus {
  site: Site;
  pricing: PricingSource;
  /** The browser images instances can run (proposed contract). */
  instanceImages: InstanceImage[];
  pages: Record<'home' | 'about' | 'contact', Page>;
  /** Every collection's records, in the order lists publish them. */
  records: Record<CollectionKey, ContentRecord[]>;
}

export const REQUIRED_PAGES = ['home', 'about', 'contact'] as const;

export interface LoadOptions {
  /** Overrides site.yaml's baseUrl, for previews and mirrors. */
  baseUrl?: string;
}

interface Parsed {
  source: SourceFile;
  tree: MdastRoot;
}

/**
 * Reads and validates the whole content folder. Throws ContentError listing every
 * problem of every file, so one build run shows everything there is to fix.
 */
export async function loadContent(contentDir: string, options: LoadOptions = {}): Promise<Corpus> {
  const problems: Problem[] = [];
  const rel = (file: string) => path.relative(process.cwd(), file) || file;
  const read = async (file: string) => readSource(rel(file), await readFile(file, 'utf8'));

  const site = await readYamlFile<Site>(path.join(contentDir, 'site.yaml'), siteSchema, problems, rel);
  const pricing = await readYamlFile<PricingSource>(path.join(contentDir, 'pricing.yaml'), pricingSourceSchema, problems, rel);
  const catalogue = await readYamlFile<{ images: InstanceImage[] }>(path.join(contentDir, 'instance-images.yaml'), instanceImagesSchema, problems, rel);
  if (site && options.baseUrl) site.baseUrl = options.baseUrl.replace(/\/+$/, '');

  const pages: Partial<Record<(typeof REQUIRED_PAGES)[number], Page>> = {};
  for (const name of REQUIRED_PAGES) {
    const file = path.join(contentDir, 'pages', `${name}.md`);
    const source = await read(file).catch(() => undefined);
    if (!source) {
      problems.push({ file: rel(file), line: 1, field: 'file', what: 'does not exist', fix: `create ${rel(file)} with a title, a description and a body` });
      continue;
    }
    problems.push(...validateFrontmatter(source, pageSchema));
    const tree = parseMarkdown(source.body);
    problems.push(...bodyProblems(source, tree, 0));
    pages[name] = { name, file: source.file, title: String(source.data.title), description: String(source.data.description), tree };
  }

  const parsed: Record<CollectionKey, Parsed[]> = Object.fromEntries(COLLECTION_KEYS.map((k) => [k, []])) as never;
  for (const key of COLLECTION_KEYS) {
    const files = (await fg('*.md', { cwd: path.join(contentDir, key), absolute: true })).sort();
    const sources = await mapBounded(files, 64, read);
    for (const [index, file] of files.entries()) {
      const source = sources[index]!;
      const slug = path.basename(file, '.md');
      if (!SLUG_PATTERN.test(slug)) {
        problems.push({
          file: source.file,
          line: 1,
          field: 'slug',
          what: `the file name "${slug}" is not a valid slug`,
          fix: `rename the file to ${slug.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}.md (lowercase letters, digits and hyphens)`,
        });
        continue;
      }
      const schema = frontmatterSchema(key);
      problems.push(...validateFrontmatter(source, schema));
      const tree = parseMarkdown(source.body);
      problems.push(...bodyProblems(source, tree, MIN_BODY_WORDS[key]));
      problems.push(...dateOrderProblems(source));
      parsed[key].push({ source, tree });
    }
  }

  const slugs = Object.fromEntries(
    COLLECTION_KEYS.map((k) => [k, new Set(parsed[k].map((p) => path.basename(p.source.file, '.md')))]),
  ) as Record<CollectionKey, Set<string>>;
  const sitePaths = knownSitePaths(slugs);
  for (const key of COLLECTION_KEYS) {
    for (const { source, tree } of parsed[key]) {
      problems.push(...referenceProblems(source, frontmatterSchema(key), slugs));
      problems.push(...linkProblems(source, tree, sitePaths));
    }
  }
  for (const page of Object.values(pages)) {
    const source = { file: page.file, bodyLine: 1 } as SourceFile;
    problems.push(...linkProblems(source, page.tree, sitePaths));
  }

  if (problems.length || !site || !pricing || !catalogue) {
    throw new ContentError(problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line));
  }

  const records = Object.fromEntries(
    COLLECTION_KEYS.map((key) => [
      key,
      parsed[key]
        .map(({ source, tree }): ContentRecord => {
          const slug = path.basename(source.file, '.md');
          return {
            collection: key,
            slug,
            file: source.file,
            fields: source.data as ContentRecord['fields'],
            tree,
            url: site.baseUrl + paths.recordPage(key, slug),
          };
        })
        .sort(compareRecords),
    ]),
  ) as Record<CollectionKey, ContentRecord[]>;

  return { site, pricing, instanceImages: catalogue.images, pages: pages as Corpus['pages'], records };
}

async function readYamlFile<T>(
  file: string,
  schema: JsonSchema,
  problems: Problem[],
  rel: (f: string) => string,
): Promise<T | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) {
    problems.push({ file: rel(file), line: 1, field: 'file', what: 'does not exist', fix: `create ${rel(file)} (see docs/content-guide.md)` });
    return undefined;
  }
  // Wrapping in frontmatter fences lets one parser (and its line numbers) serve YAML files too.
  const source = readSource(rel(file), `---\n${text}\n---\n`);
  const fileProblems = validateFrontmatter(source, schema).map((p) => ({ ...p, line: Math.max(1, p.line - 1) }));
  problems.push(...fileProblems);
  return fileProblems.length ? undefined : (source.data as T);
}

function bodyProblems(source: SourceFile, tree: MdastRoot, minWords: number): Problem[] {
  const problems: Problem[] = [];
  const at = (line: number) => source.bodyLine + line - 1;
  for (const finding of inspectBody(tree)) {
    if (finding.kind === 'h1') {
      problems.push({ file: source.file, line: at(finding.line), field: 'body', what: `has a level-1 heading "${finding.value}"`, fix: 'use ## for sections; the page title comes from `title`' });
    } else if (finding.kind === 'html') {
      problems.push({ file: source.file, line: at(finding.line), field: 'body', what: 'contains raw HTML', fix: 'write it in Markdown; raw HTML is not published' });
    }
  }
  const words = wordCount(tree);
  if (words < minWords) {
    problems.push({ file: source.file, line: source.bodyLine, field: 'body', what: `has ${words} words`, fix: `write at least ${minWords} words` });
  }
  return problems;
}

function dateOrderProblems(source: SourceFile): Problem[] {
  const { published, lastUpdated } = source.data;
  if (typeof published === 'string' && typeof lastUpdated === 'string' && published > lastUpdated) {
    return [{ file: source.file, line: source.lineOf('published'), field: 'published', what: `${published} is after lastUpdated ${lastUpdated}`, fix: 'set lastUpdated to the publication date or later' }];
  }
  return [];
}

/** Every list field annotated with `x-references` must name existing records of that collection. */
function referenceProblems(source: SourceFile, schema: JsonSchema, slugs: Record<CollectionKey, Set<string>>): Problem[] {
  const problems: Problem[] = [];
  for (const [field, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    const target = property['x-references'] as CollectionKey | undefined;
    const value = source.data[field];
    if (!target || !Array.isArray(value)) continue;
    value.forEach((slug, index) => {
      if (typeof slug === 'string' && SLUG_PATTERN.test(slug) && !slugs[target].has(slug)) {
        problems.push({
          file: source.file,
          line: source.lineOf(`${field}.${index}`),
          field: `${field}.${index}`,
          what: `"${slug}" is not a record of ${target}`,
          fix: `use the slug of an existing file in content/${target}/ or create content/${target}/${slug}.md`,
        });
      }
    });
  }
  return problems;
}

function knownSitePaths(slugs: Record<CollectionKey, Set<string>>): Set<string> {
  const known = new Set<string>([paths.home, paths.apiReference, paths.pricingPage, paths.page('about'), paths.page('contact'), paths.page('search')]);
  known.add(paths.llms).add(paths.llmsFull).add(paths.feed).add(paths.openapi).add(paths.apiIndex).add(paths.apiPricing);
  for (const key of COLLECTION_KEYS) {
    known.add(paths.collectionPage(key)).add(paths.apiList(key));
    for (const slug of slugs[key]) known.add(paths.recordPage(key, slug)).add(paths.apiRecord(key, slug));
  }
  return known;
}

function linkProblems(source: SourceFile, tree: MdastRoot, known: Set<string>): Problem[] {
  const problems: Problem[] = [];
  for (const finding of inspectBody(tree)) {
    if (finding.kind !== 'link' || !finding.value.startsWith('/') || finding.value.startsWith('//')) continue;
    const target = finding.value.replace(/[?#].*$/, '');
    if (known.has(target) || known.has(`${target}/`)) continue;
    problems.push({
      file: source.file,
      line: source.bodyLine + finding.line - 1,
      field: 'body',
      what: `links to ${finding.value}, which is not a page of the site`,
      fix: 'link to an existing page such as /glossary/<slug>/ or remove the link',
    });
  }
  return problems;
}
