import type { Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type { components, paths } from './schema.js';

type Schemas = components['schemas'];

export type CollectionKey = Schemas['SummaryPage']['collection'];
export type Summary = Schemas['Summary'];
export type SummaryPage = Schemas['SummaryPage'];
export type SearchResult = Schemas['SearchResult'];
export type SearchResults = Schemas['SearchResults'];
export type ApiIndex = Schemas['ApiIndex'];
export type RecordManifest = Schemas['RecordManifest'];
export type Pricing = Schemas['Pricing'];
export type ErrorCode = Schemas['Error']['code'];

/** What /api/v1/{collection}/{slug} sends, by collection. */
export interface RecordOf {
  threats: Schemas['ThreatRecord'];
  glossary: Schemas['GlossaryTermRecord'];
  exposures: Schemas['ExposureRecord'];
  apps: Schemas['AppRecord'];
  ai: Schemas['AiRiskRecord'];
  posts: Schemas['PostRecord'];
}

/** A refusal or failure of the API, with what its Error object says and the request's id. */
export declare class ContentApiError extends Error {
  readonly name: 'ContentApiError';
  readonly status: number;
  readonly url: string;
  /** The Error object's code; null when the answer carried none (a static host's error page). */
  readonly code: ErrorCode | null;
  readonly hint: string | null;
  readonly docs: string | null;
  /** X-Request-Id of the answer, to quote when reporting it. */
  readonly requestId: string | null;
}

export interface PoliteFetchOptions {
  /** The fetch that sends requests; globalThis.fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
  /** How many times a request answered 429 is sent again; 3 by default. */
  retries?: number;
  /** The longest wait a 429 may ask for before it is given up on and thrown; 60 s by default. */
  maxWaitSeconds?: number;
  /** URLs whose last body is kept for revalidation with If-None-Match; 256 by default, 0 for none. */
  cacheEntries?: number;
  /** How a wait is made; a test may pass its own clock. */
  sleep?: (milliseconds: number) => Promise<void>;
  now?: () => number;
}

export declare function politeFetch(
  options?: PoliteFetchOptions,
): (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export interface ContentClientOptions extends PoliteFetchOptions {
  /** The origin of the service: https://detour.example, or a local or mirrored copy. */
  baseUrl: string;
  /** Headers sent with every API call (a User-Agent naming your program is polite). */
  headers?: Record<string, string>;
}

/** A record's id in a sync: `collection/slug`. */
export type RecordId = `${CollectionKey}/${string}`;

/**
 * What a sync leaves the caller to keep, as JSON, and hand to the next sync. Any state a
 * sync has given, to onRecord or in its result, is valid input: an interrupted sync
 * resumes from the last one kept without fetching again the records it holds.
 */
export interface SyncState {
  /** The manifest the records were last brought fully in line with; null before the first sync ends, and while one is under way. */
  manifest: { etag: string | null; version: string } | null;
  /** The version of each record held, by id. */
  records: Record<string, string>;
}

/** A record a sync fetched: new, or changed since the version held. */
export interface SyncedRecord<K extends CollectionKey = CollectionKey> {
  id: RecordId;
  /** The version of the document's bytes as received: what the state now holds for it. */
  version: string;
  record: RecordOf[K];
}

export interface SyncOptions {
  /**
   * Called as each record arrives, and awaited before its place among the `concurrency`
   * fetches takes another, with the state as of that record: keep the record and (now or
   * every so often) the state, and a sync stopped halfway resumes from there.
   */
  onRecord?: (synced: SyncedRecord, state: SyncState) => void | Promise<void>;
  /** Records fetched at once; 4 by default. */
  concurrency?: number;
  signal?: AbortSignal;
}

export interface SyncResult {
  /** True when the manifest is the one the state names (a 304): nothing changed, nothing else was fetched. */
  notModified: boolean;
  /** Every record fetched: new, or changed since the version the state held. */
  changed: SyncedRecord[];
  /** Ids of records the state held that are no longer published: delete your copies. */
  removed: string[];
  /** What to keep for the next sync. */
  state: SyncState;
}

export interface ContentClient {
  /** The typed client of every operation of the OpenAPI document (openapi-fetch). */
  api: Client<paths>;
  index(): Promise<ApiIndex>;
  list(collection: CollectionKey, page?: { limit?: number; offset?: number }): Promise<SummaryPage>;
  get<K extends CollectionKey>(collection: K, slug: string): Promise<RecordOf[K]>;
  search(q: string, options?: { limit?: number }): Promise<SearchResults>;
  pricing(): Promise<Pricing>;
  /**
   * Every record of a collection, page after page. Without `pageSize`, the first page is
   * the list as published (what a static mirror serves too), the next ones 200 records each.
   */
  records(collection: CollectionKey, options?: { pageSize?: number }): AsyncGenerator<Summary>;
  /** Every result of a search, best first (one page of up to 200: search has no offset). */
  searchResults(q: string): AsyncGenerator<SearchResult>;
  /** A record's page as Markdown (its twin). */
  markdown(collection: CollectionKey, slug: string): Promise<string>;
  llmsTxt(): Promise<string>;
  llmsFullTxt(): Promise<string>;
  /**
   * Brings a kept copy in line with the published records: the manifest is asked for with
   * the ETag the state holds (a 304 ends the sync), then only the records whose version
   * differs from the state's are fetched. Without a state, every record is fetched.
   */
  sync(state?: SyncState | null, options?: SyncOptions): Promise<SyncResult>;
}

export declare function createContentClient(options: ContentClientOptions): ContentClient;
