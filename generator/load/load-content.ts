import { hash } from 'node:crypto';
import path from 'node:path';
import {
  byCollection,
  COLLECTION_KEYS,
  SLUG_PATTERN,
  type CollectionKey,
} from '../../core/collections.ts';
import { paths } from '../../core/paths.ts';
import { strayMarkdownProblems } from './stray-content.ts';
import { ContentError, type Problem } from '../model/problems.ts';
import {
  keepSiteIndex,
  linkProblems,
  referenceProblems,
  type SiteIndex,
  sitePathsOf,
} from './check-links.ts';
import type { KnownAnalyses } from './analysis-store.ts';
import { contentReader, type ContentReader } from './content-reader.ts';
import { analyzeFiles, type AnalyzedFile, type ContentFile } from './analyze-files.ts';
import type { Progress } from '../progress/progress.ts';
import { DATA_FILE_SCHEMAS } from '../model/schemas/site.ts';
import type { InstanceImage } from '../../core/instances.ts';
import {
  type ContentRecord,
  type Corpus,
  type PricingSource,
  REQUIRED_PAGES,
  type Site,
} from '../model/corpus.ts';
import { compareRecords } from '../model/record-order.ts';
import { eventLoopTurns } from '../parallel/event-loop-turns.ts';
import { isHidden, pathsUnder } from './list-content.ts';
import { lastAnalysesOf, noteChecked, wholeMeta } from './last-analyses.ts';

export interface LoadOptions {
  /** Overrides site.yaml's baseUrl, for previews and mirrors. */
  baseUrl?: string;
  /** Files analyzed before are not analyzed again. */
  analyses?: KnownAnalyses;
  threads?: number;
  progress?: Progress;
  reader?: ContentReader;
}

interface Analyzed {
  file: string;
  /** The file's absolute path, as the content reader and the last analyses know it. */
  at: string;
  slug: string;
  analysis: AnalyzedFile;
}

/**
 * Reads and validates the whole content folder. Throws ContentError listing every
 * problem of every file, so one build run shows everything there is to fix.
 */
export async function loadContent(contentDir: string, options: LoadOptions = {}): Promise<Corpus> {
  const reader = options.reader ?? contentReader();
  const { jobs, slugOf, problems } = await contentFiles(contentDir, reader);
  const analyses = await analyzeFiles(jobs, {
    analyses: options.analyses,
    threads: options.threads,
    progress: options.progress,
    reader,
  });
  const data = dataFiles(jobs, analyses, problems, options.baseUrl);
  const { pageFiles, analyzed } = analyzedFiles(jobs, analyses, slugOf, problems);
  const index = await checkAcrossFiles(analyzed, pageFiles, problems, options.analyses);
  if (problems.length || !data) {
    throw new ContentError(
      problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line),
    );
  }
  const turn = eventLoopTurns();
  const records = {} as Record<CollectionKey, ContentRecord[]>;
  for (const key of COLLECTION_KEYS) {
    await turn();
    records[key] = analyzed[key]
      .map(({ file, slug, analysis }) => toRecord(data.site, key, file, slug, analysis))
      .sort(compareRecords);
  }
  keepSiteIndex(records, index);
  const pages = Object.fromEntries(
    pageFiles.map(({ file, slug, analysis }) => [
      slug,
      {
        name: slug,
        file,
        title: String(analysis.meta.data.title),
        description: String(analysis.meta.data.description),
        source: analysis.source,
        body: analysis.body,
      },
    ]),
  ) as Corpus['pages'];
  return { ...data, pages, records };
}

/**
 * The files to analyze: the data files, the required pages, then each collection's
 * records (a .md file right in the collection's folder), with each record's slug by its
 * place among them. Any other Markdown file is a problem (stray-content.ts).
 */
async function contentFiles(contentDir: string, reader: ContentReader) {
  // As problemName names them, without resolving every path against the working directory.
  const inContent = pathsUnder(path.relative(process.cwd(), contentDir));
  // Absolute, as the content reader knows files.
  const inRoot = pathsUnder(path.resolve(contentDir));
  const jobs: ContentFile[] = [
    ...Object.keys(DATA_FILE_SCHEMAS).map(
      (name): ContentFile => ({ file: inRoot(name), relative: inContent(name), kind: 'data' }),
    ),
    ...REQUIRED_PAGES.map(
      (name): ContentFile => ({
        file: inRoot(`pages/${name}.md`),
        relative: inContent(`pages/${name}.md`),
        kind: 'page',
      }),
    ),
  ];
  const everyFile = (await reader.list(contentDir)).filter((f) => !isHidden(f));
  const inCollection = new Map<string, string[]>(COLLECTION_KEYS.map((key) => [key, []]));
  /** The records of a collection, if `f` is one of its records: a .md file right in the collection's folder. */
  const recordsHolding = (f: string) => {
    const slash = f.indexOf('/');
    return slash > 0 && f.endsWith('.md') && !f.includes('/', slash + 1)
      ? inCollection.get(f.slice(0, slash))
      : undefined;
  };
  // One pass over the listing, sorted, so each collection's files keep their order.
  for (const f of everyFile) recordsHolding(f)?.push(f);
  /** Each job's slug, for the records' jobs. */
  const slugOf: string[] = [];
  for (const key of COLLECTION_KEYS) {
    for (const f of inCollection.get(key)!) {
      slugOf[jobs.length] = f.slice(key.length + 1, -'.md'.length);
      jobs.push({ file: inRoot(f), relative: inContent(f), kind: key });
    }
  }
  const pageNames = new Set(REQUIRED_PAGES.map((name) => `pages/${name}.md`));
  const isContent = (f: string) => pageNames.has(f) || recordsHolding(f) !== undefined;
  const problems = strayMarkdownProblems(everyFile, isContent, REQUIRED_PAGES, inContent);
  return { jobs, slugOf, problems };
}

/** The site settings, pricing and instance images, when each data file exists and is valid. */
function dataFiles(
  jobs: ContentFile[],
  analyses: (AnalyzedFile | undefined)[],
  problems: Problem[],
  baseUrl: string | undefined,
): Pick<Corpus, 'site' | 'pricing' | 'instanceImages'> | undefined {
  const [written, pricing, catalogue] = jobs
    .filter((job) => job.kind === 'data')
    .map(({ relative }, i) => {
      const analysis = analyses[i];
      if (!analysis) {
        problems.push(missing(relative, `create ${relative} (see docs/content-guide.md)`));
        return undefined;
      }
      problems.push(...analysis.meta.problems);
      return analysis.meta.problems.length ? undefined : analysis.meta.data;
    }) as [Site | undefined, PricingSource | undefined, { images: InstanceImage[] } | undefined];
  if (!written || !pricing || !catalogue) return undefined;
  // A copy: the analysed fields are kept for the next build (analyze-files.ts).
  const site = baseUrl ? { ...written, baseUrl: baseUrl.replace(/\/+$/, '') } : written;
  return { site, pricing, instanceImages: catalogue.images };
}

const missing = (file: string, fix: string): Problem => ({
  file,
  line: 1,
  field: 'file',
  what: 'does not exist',
  fix,
});

/** The analyzed pages, and each collection's records with a valid slug; the problems of each file. */
function analyzedFiles(
  jobs: ContentFile[],
  analyses: (AnalyzedFile | undefined)[],
  slugOf: string[],
  problems: Problem[],
) {
  const pageFiles: Analyzed[] = [];
  const analyzed = byCollection((): Analyzed[] => []);
  for (const [i, job] of jobs.entries()) {
    const analysis = analyses[i];
    if (job.kind === 'data') continue;
    if (job.kind === 'page') {
      if (!analysis) {
        problems.push(
          missing(job.relative, `create ${job.relative} with a title, a description and a body`),
        );
        continue;
      }
      problems.push(...analysis.meta.problems);
      const slug = path.basename(job.file, '.md');
      pageFiles.push({ file: job.relative, at: job.file, slug, analysis });
      continue;
    }
    if (!analysis) continue;
    const slug = slugOf[i]!;
    if (!SLUG_PATTERN.test(slug)) {
      problems.push({
        file: job.relative,
        line: 1,
        field: 'slug',
        what: `the file name "${slug}" is not a valid slug`,
        fix: `rename the file to ${slug.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}.md (lowercase letters, digits and hyphens)`,
      });
      continue;
    }
    problems.push(...analysis.meta.problems);
    analyzed[job.kind].push({ file: job.relative, at: job.file, slug, analysis });
  }
  return { pageFiles, analyzed };
}

/**
 * The checks that need every file: references to other records, links to the site's
 * pages. A file's checks depend on its text and on which records there are (the site's
 * paths follow from them): a text that passed them against the same records passes again,
 * as the last analyses note.
 */
async function checkAcrossFiles(
  analyzed: Record<CollectionKey, Analyzed[]>,
  pageFiles: Analyzed[],
  problems: Problem[],
  analyses: KnownAnalyses | undefined,
): Promise<SiteIndex> {
  // Work over every file, in a process that may also serve requests (npm run dev): the event loop runs every few milliseconds.
  const turn = eventLoopTurns();
  const slugs = byCollection((key) => new Set(analyzed[key].map((a) => a.slug)));
  const isSitePath = sitePathsOf(slugs);
  const recordsKey = hash(
    'sha1',
    COLLECTION_KEYS.map((k) => `${k}:${[...slugs[k]].join(' ')}`).join('\n'),
    'base64url',
  );
  const last = analyses && lastAnalysesOf(analyses.store);
  for (const { file, at, analysis } of [
    ...COLLECTION_KEYS.flatMap((k) => analyzed[k]),
    ...pageFiles,
  ]) {
    const pause = turn();
    if (pause) await pause;
    if (analysis.checked === recordsKey) continue;
    const found = [
      ...referenceProblems(file, analysis.meta, slugs),
      ...linkProblems(file, analysis.meta, isSitePath),
    ];
    problems.push(...found);
    if (last && !found.length) noteChecked(last, at, recordsKey);
  }
  last?.save();
  return { slugs, isSitePath };
}

/** How problems name a file, and part of what its outputs depend on (analyze-files.ts). */
export const problemName = (file: string): string => path.relative(process.cwd(), file) || file;

export function toRecord(
  site: Site,
  collection: CollectionKey,
  file: string,
  slug: string,
  analysis: AnalyzedFile,
): ContentRecord {
  const { meta, source, body } = analysis;
  const record: ContentRecord = {
    collection,
    slug,
    file,
    fields: meta.data as ContentRecord['fields'],
    source,
    words: meta.words,
    body,
    url: site.baseUrl + paths.recordPage(collection, slug),
    complete() {
      const whole = wholeMeta(meta);
      return whole === meta ? record : { ...record, fields: whole.data as ContentRecord['fields'] };
    },
  };
  return record;
}
