/** The six content collections: the one list every part of the service agrees on. */
export const COLLECTION_KEYS = ['threats', 'glossary', 'exposures', 'apps', 'ai', 'posts'] as const;
export type CollectionKey = (typeof COLLECTION_KEYS)[number];

/** One value per collection, made by `value` in the collections' order. */
export const byCollection = <Value>(value: (key: CollectionKey) => Value) =>
  Object.fromEntries(COLLECTION_KEYS.map((key) => [key, value(key)])) as Record<
    CollectionKey,
    Value
  >;

export interface CollectionInfo {
  key: CollectionKey;
  /** Display name, as in page titles and navigation. */
  title: string;
  /** What the collection contains (ApiIndex, SummaryPage, llms.txt). */
  description: string;
  /** OpenAPI operationIds: fixed, since generated clients name their methods after them. */
  listOperation: string;
  getOperation: string;
}

export const COLLECTIONS: Record<CollectionKey, CollectionInfo> = {
  threats: {
    key: 'threats',
    title: 'Threats',
    description:
      'Browser-borne threat explainers: how each attack works, which controls address it',
    listOperation: 'listThreats',
    getOperation: 'getThreat',
  },
  glossary: {
    key: 'glossary',
    title: 'Glossary',
    description:
      'External attack surface management glossary: canonical definitions and related exposures',
    listOperation: 'listGlossary',
    getOperation: 'getGlossary',
  },
  exposures: {
    key: 'exposures',
    title: 'Exposures',
    description:
      'External attack-surface finding types, with severity, affected technology and validation notes',
    listOperation: 'listExposures',
    getOperation: 'getExposure',
  },
  apps: {
    key: 'apps',
    title: 'Apps',
    description:
      'Per-application browser security guidance: common risks and recommended policies by role',
    listOperation: 'listApps',
    getOperation: 'getApp',
  },
  ai: {
    key: 'ai',
    title: 'AI risks',
    description: 'AI and agent browser risks: how each arises and what containment addresses it',
    listOperation: 'listAi',
    getOperation: 'getAi',
  },
  posts: {
    key: 'posts',
    title: 'Posts',
    description:
      'Published articles on browser isolation, privacy engineering and AI agent security',
    listOperation: 'listPosts',
    getOperation: 'getPost',
  },
};

export function isCollectionKey(value: string): value is CollectionKey {
  return (COLLECTION_KEYS as readonly string[]).includes(value);
}

export const SLUG_PATTERN = /^[a-z0-9-]+$/;
