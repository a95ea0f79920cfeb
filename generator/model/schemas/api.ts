import { ERROR_CODES } from '../../../core/api-error.ts';
import { COLLECTION_KEYS } from '../../../core/collections.ts';
import { INQUIRY_TYPES } from '../../../core/submissions.ts';
import { MAX_PAGE_LIMIT } from '../../../core/summary.ts';
import { VERSION_LENGTH } from '../content-version.ts';
import { CATEGORIES, type JsonSchema } from './content.ts';
import { pricingSourceSchema } from './site.ts';

/**
 * Schemas of what the API sends and accepts (reads, submissions, the instance API), as OpenAPI
 * components. Record schemas come from the content schemas (see openapi.ts); these are
 * the shapes that do not depend on a collection.
 */
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

export const SLUG_PATTERN_SOURCE = '^[a-z0-9-]+$';

const collectionKey = (description: string): JsonSchema => ({
  type: 'string',
  enum: [...COLLECTION_KEYS],
  description,
});

/** Every collection's categories: a summary's category is one of its own collection's. */
const ANY_CATEGORY = [...new Set(COLLECTION_KEYS.flatMap((key) => CATEGORIES[key]))];

const summaryProperties: Record<string, JsonSchema> = {
  slug: {
    type: 'string',
    pattern: SLUG_PATTERN_SOURCE,
    description: 'Identifier used in the item URL',
  },
  title: { type: 'string', description: 'Display name' },
  category: {
    type: 'string',
    enum: ANY_CATEGORY,
    description: "Grouping the record belongs to, one of its collection's categories",
  },
  summary: { type: 'string', description: 'One or two sentence description' },
  url: {
    type: 'string',
    format: 'uri',
    description: 'Canonical page of the record on the public website',
  },
  lastUpdated: { type: 'string', format: 'date', description: 'Date the record last changed' },
};

const SUMMARY_REQUIRED = Object.keys(summaryProperties);

const version = (description: string): JsonSchema => ({
  type: 'string',
  pattern: `^[A-Za-z0-9_-]{${VERSION_LENGTH}}$`,
  description,
});

export const API_SCHEMAS: Record<string, JsonSchema> = {
  Summary: {
    type: 'object',
    description: 'Compact record in list and search responses',
    required: SUMMARY_REQUIRED,
    properties: summaryProperties,
  },
  SummaryPage: {
    type: 'object',
    required: ['collection', 'description', 'data', 'total', 'limit', 'offset'],
    properties: {
      collection: collectionKey('Collection key'),
      description: { type: 'string', description: 'What the collection contains' },
      data: { type: 'array', items: ref('Summary') },
      total: {
        type: 'integer',
        minimum: 0,
        description: 'Total records available, ignoring pagination',
      },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_PAGE_LIMIT,
        description: 'Maximum records returned in this page',
      },
      offset: { type: 'integer', minimum: 0, description: 'Records skipped before this page' },
    },
  },
  SearchResult: {
    type: 'object',
    description: 'A Summary plus the collection the match came from',
    required: [...SUMMARY_REQUIRED, 'collection'],
    properties: {
      ...summaryProperties,
      collection: collectionKey('Collection of the match'),
    },
  },
  SearchResults: {
    type: 'object',
    required: ['query', 'limit', 'total', 'data'],
    properties: {
      query: { type: 'string', description: 'The query that was run' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: MAX_PAGE_LIMIT,
        description: 'Maximum results requested',
      },
      total: {
        type: 'integer',
        minimum: 0,
        description: 'Number of results returned (not the number available)',
      },
      data: {
        type: 'array',
        items: ref('SearchResult'),
        description: 'Matching records, best first',
      },
    },
  },
  ApiIndex: {
    type: 'object',
    required: [
      'name',
      'version',
      'description',
      'openapi',
      'documentation',
      'collections',
      'endpoints',
    ],
    properties: {
      name: { type: 'string' },
      version: { type: 'string' },
      description: { type: 'string' },
      openapi: { type: 'string', format: 'uri' },
      documentation: { type: 'string', format: 'uri' },
      collections: {
        type: 'array',
        items: {
          type: 'object',
          required: ['key', 'description', 'list', 'item', 'count'],
          properties: {
            key: collectionKey('Collection key'),
            description: { type: 'string' },
            list: { type: 'string', format: 'uri' },
            item: { type: 'string', description: 'URL template for one record' },
            count: { type: 'integer', minimum: 0 },
          },
        },
      },
      endpoints: {
        type: 'array',
        items: {
          type: 'object',
          required: ['method', 'path', 'description'],
          properties: {
            method: { type: 'string', enum: ['GET', 'POST'] },
            path: { type: 'string' },
            description: { type: 'string' },
          },
        },
      },
    },
  },
  RecordManifest: {
    type: 'object',
    description:
      'Every published record with its version. A client that keeps a copy fetches this conditionally (If-None-Match), then only the records whose version differs from the one it kept, and drops those no longer listed.',
    required: ['version', 'total', 'records'],
    properties: {
      version: version(
        'A hash of every entry: it changes exactly when a record is added, removed or changed',
      ),
      total: { type: 'integer', minimum: 0, description: 'Number of records listed' },
      records: {
        type: 'array',
        description: "Every published record, in the order of the collections' lists",
        items: {
          type: 'object',
          required: ['collection', 'slug', 'url', 'version'],
          properties: {
            collection: collectionKey('Collection the record belongs to'),
            slug: summaryProperties.slug!,
            url: summaryProperties.url!,
            version: version(
              `The first ${VERSION_LENGTH} characters of the base64url SHA-256 of the bytes /api/v1/{collection}/{slug} sends: it changes exactly when the record's document does`,
            ),
          },
        },
      },
    },
  },
  Pricing: {
    type: 'object',
    required: [...(pricingSourceSchema.required as string[]), 'pricingPage', 'machineReadable'],
    properties: {
      ...(pricingSourceSchema.properties as Record<string, JsonSchema>),
      pricingPage: { type: 'string', format: 'uri', description: 'Human-readable pricing page' },
      machineReadable: { type: 'string', format: 'uri', description: 'Markdown pricing document' },
    },
  },
  Success: {
    type: 'object',
    required: ['success', 'message'],
    properties: {
      success: { type: 'boolean', description: 'True when the request was accepted' },
      message: { type: 'string', description: 'Human-readable confirmation' },
    },
  },
  Error: {
    type: 'object',
    required: ['error', 'code', 'message', 'hint', 'docs'],
    properties: {
      error: { type: 'string', description: 'Human-readable message, same text as message' },
      code: {
        type: 'string',
        enum: [...ERROR_CODES],
        description: 'Stable machine-readable identifier',
      },
      message: { type: 'string', description: 'Human-readable message' },
      hint: { type: 'string', description: 'What to change to make the request succeed' },
      docs: { type: 'string', format: 'uri', description: 'Link to the API description' },
    },
  },
  ContactMessage: {
    type: 'object',
    required: ['name', 'email'],
    properties: {
      name: { type: 'string', minLength: 1, description: 'Full name of the person making contact' },
      email: { type: 'string', format: 'email', description: 'Reply-to address' },
      company: { type: 'string', description: 'Company name' },
      phone: { type: 'string', description: 'Contact phone number' },
      inquiryType: {
        type: 'string',
        enum: [...INQUIRY_TYPES],
        description: 'What the enquiry is about',
      },
      message: { type: 'string', maxLength: 5000, description: 'Body' },
      source: { type: 'string', description: 'Page or campaign the enquiry came from' },
    },
  },
  Signup: {
    type: 'object',
    required: ['email'],
    properties: {
      email: { type: 'string', format: 'email', description: 'Address to register' },
      source: { type: 'string', description: 'Page the signup came from' },
    },
  },
  Instance: {
    type: 'object',
    required: ['instance_uuid', 'status', 'image', 'size', 'created_at', 'access_url'],
    properties: {
      instance_uuid: { type: 'string', format: 'uuid' },
      status: { type: 'string', enum: ['running', 'stopped', 'terminated'] },
      image: { type: 'string', description: 'Browser image used' },
      size: { type: 'string', enum: ['small', 'medium', 'large'] },
      created_at: { type: 'string', format: 'date-time' },
      access_url: { type: 'string', format: 'uri' },
    },
  },
  InstanceList: {
    type: 'object',
    required: ['instances', 'total'],
    properties: {
      instances: { type: 'array', items: ref('Instance') },
      total: { type: 'integer', minimum: 0 },
    },
  },
  CreateInstance: {
    type: 'object',
    required: ['image', 'size'],
    properties: {
      image: { type: 'string', description: 'Browser image to use' },
      size: { type: 'string', enum: ['small', 'medium', 'large'] },
    },
  },
  KeyInspection: {
    type: 'object',
    required: ['key_id', 'name', 'created_at', 'last_used_at', 'scopes'],
    properties: {
      key_id: { type: 'string' },
      name: { type: 'string' },
      created_at: { type: 'string', format: 'date-time' },
      last_used_at: {
        type: ['string', 'null'],
        format: 'date-time',
        description:
          'When the key was last used, recorded at most once a minute (so up to 60 s before the latest use); null until its first use',
      },
      scopes: {
        type: 'array',
        items: { type: 'string', enum: ['instances:read', 'instances:write'] },
      },
    },
  },
  KeyRotation: {
    type: 'object',
    required: ['key', 'key_id', 'created_at'],
    properties: {
      key: { type: 'string', description: 'The new secret key value; shown only once' },
      key_id: { type: 'string' },
      created_at: { type: 'string', format: 'date-time' },
    },
  },
};
