import type { CollectionKey } from '../../../core/collections.ts';

/**
 * JSON Schemas (draft 2020-12) of each collection's frontmatter. The build validates
 * content with them and the OpenAPI document derives its record schemas from them,
 * so the validator and the published OpenAPI document cannot drift apart.
 *
 * `x-references` names the collection whose slugs a list must contain; the
 * cross-reference check reads it, so adding a reference field is one line here.
 */
export type JsonSchema = Record<string, unknown>;

const SLUG = '^[a-z0-9-]+$';

const slugList = (collection: CollectionKey, description: string, minItems = 0): JsonSchema => ({
  type: 'array',
  description,
  items: { type: 'string', pattern: SLUG },
  uniqueItems: true,
  minItems,
  'x-references': collection,
});

const stringList = (description: string, minItems: number): JsonSchema => ({
  type: 'array',
  description,
  items: { type: 'string', minLength: 2, maxLength: 300 },
  minItems,
});

const sentence = (description: string, maxLength = 600): JsonSchema => ({
  type: 'string',
  description,
  minLength: 20,
  maxLength,
});

export const CATEGORIES: Record<CollectionKey, readonly string[]> = {
  threats: [
    'phishing',
    'malware-delivery',
    'session-attacks',
    'web-application-attacks',
    'exploitation',
    'social-engineering',
    'supply-chain',
  ],
  glossary: [
    'attack-surface',
    'vulnerability-management',
    'browser-security',
    'web-platform',
    'identity',
    'network',
    'data-protection',
  ],
  exposures: [
    'remote-access',
    'data-stores',
    'tls-and-certificates',
    'dns-and-email',
    'source-and-secrets',
    'cloud-and-containers',
    'web-configuration',
    'vulnerable-software',
  ],
  apps: [
    'collaboration',
    'productivity-suite',
    'developer-tools',
    'crm-and-sales',
    'file-sharing',
    'hr-and-finance',
    'it-service-management',
    'ai-assistants',
    'cloud-consoles',
  ],
  ai: [
    'prompt-injection',
    'data-leakage',
    'agent-autonomy',
    'supply-chain',
    'output-handling',
    'governance',
    'social-engineering',
  ],
  posts: ['browser-isolation', 'privacy-engineering', 'ai-agent-security'],
};

/** Minimum words in a record's Markdown body. */
export const MIN_BODY_WORDS: Record<CollectionKey, number> = {
  threats: 150,
  glossary: 60,
  exposures: 150,
  apps: 150,
  ai: 150,
  posts: 600,
};

function commonFields(key: CollectionKey): Record<string, JsonSchema> {
  return {
    title: { type: 'string', description: 'Display name', minLength: 3, maxLength: 120 },
    category: {
      type: 'string',
      description: 'Grouping the record belongs to',
      enum: [...CATEGORIES[key]],
    },
    summary: sentence('One or two sentence description', 300),
    lastUpdated: { type: 'string', format: 'date', description: 'Date the record last changed' },
  };
}

const SPECIFIC: Record<
  CollectionKey,
  { properties: Record<string, JsonSchema>; required: string[] }
> = {
  threats: {
    properties: {
      howItWorks: sentence('How the attack works, in two to four sentences'),
      controls: slugList('glossary', 'Glossary slugs of the controls that address the threat', 1),
    },
    required: ['howItWorks', 'controls'],
  },
  glossary: {
    properties: {
      definition: sentence('The canonical definition of the term'),
      relatedExposures: slugList('exposures', 'Exposure slugs related to the term'),
      aliases: stringList('Abbreviations and other names of the term', 0),
    },
    required: ['definition', 'relatedExposures'],
  },
  exposures: {
    properties: {
      severity: {
        type: 'string',
        description: 'Severity of the finding',
        enum: ['critical', 'high', 'medium', 'low', 'info'],
      },
      affectedTechnology: stringList('Products, protocols or services the finding affects', 1),
      validation: sentence('How to confirm the finding safely, without exploiting it'),
      remediation: sentence('What fixes the finding'),
    },
    required: ['severity', 'affectedTechnology', 'validation', 'remediation'],
  },
  apps: {
    properties: {
      vendor: {
        type: 'string',
        description: 'Who makes the application',
        minLength: 2,
        maxLength: 120,
      },
      risks: stringList('Common risks of the application in the browser', 2),
      policies: {
        type: 'array',
        description: 'Recommended policies by role',
        minItems: 2,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['role', 'recommendations'],
          properties: {
            role: { type: 'string', minLength: 2, maxLength: 80 },
            recommendations: stringList('What to enforce for this role', 1),
          },
        },
      },
      relatedThreats: slugList('threats', 'Threat slugs relevant to the application'),
    },
    required: ['vendor', 'risks', 'policies', 'relatedThreats'],
  },
  ai: {
    properties: {
      howItArises: sentence('How the risk arises, in two to four sentences'),
      containment: stringList('Containment measures that address the risk', 2),
      controls: slugList('glossary', 'Glossary slugs of the controls that contain the risk'),
      relatedThreats: slugList('threats', 'Threat slugs related to the risk'),
    },
    required: ['howItArises', 'containment', 'controls', 'relatedThreats'],
  },
  posts: {
    properties: {
      author: {
        type: 'string',
        description: 'Author of the article',
        minLength: 2,
        maxLength: 120,
      },
      published: { type: 'string', format: 'date', description: 'Publication date' },
      tags: {
        type: 'array',
        description: 'Topics of the article',
        items: { type: 'string', pattern: SLUG },
        uniqueItems: true,
        minItems: 1,
      },
    },
    required: ['author', 'published', 'tags'],
  },
};

const frontmatterSchemas = new Map<CollectionKey, JsonSchema>();

/** The schema a content file's frontmatter must satisfy (one object per collection, so validators compile once). */
export function frontmatterSchema(key: CollectionKey): JsonSchema {
  const cached = frontmatterSchemas.get(key);
  if (cached) return cached;
  const specific = SPECIFIC[key];
  const schema = {
    $id: `content/${key}`,
    type: 'object',
    additionalProperties: false,
    required: ['title', 'category', 'summary', 'lastUpdated', ...specific.required],
    properties: { ...commonFields(key), ...specific.properties },
  };
  frontmatterSchemas.set(key, schema);
  return schema;
}

/** The schema of one published record: the frontmatter plus what the build derives. */
export function publishedRecordSchema(key: CollectionKey): JsonSchema {
  const input = frontmatterSchema(key);
  return {
    type: 'object',
    required: ['slug', 'url', ...(input.required as string[]), 'body'],
    properties: {
      slug: { type: 'string', pattern: SLUG, description: 'Identifier used in the item URL' },
      url: {
        type: 'string',
        format: 'uri',
        description: 'Canonical page of the record on the public website',
      },
      ...(input.properties as Record<string, JsonSchema>),
      body: {
        type: 'string',
        description: 'The full record text, in Markdown as its author wrote it',
      },
    },
  };
}
