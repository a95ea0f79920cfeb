import { BASE_URL_PATTERN } from '../base-url.ts';
import type { JsonSchema } from './content.ts';

/** content/site.yaml: who we are and where the site lives. */
export const siteSchema: JsonSchema = {
  $id: 'content/site',
  type: 'object',
  additionalProperties: false,
  required: [
    'name',
    'baseUrl',
    'description',
    'apiName',
    'apiDescription',
    'contactEmail',
    'language',
  ],
  properties: {
    name: { type: 'string', minLength: 2, maxLength: 80 },
    baseUrl: { type: 'string', format: 'uri', pattern: BASE_URL_PATTERN.source },
    description: { type: 'string', minLength: 20, maxLength: 300 },
    apiName: { type: 'string', minLength: 2, maxLength: 80 },
    apiDescription: { type: 'string', minLength: 20, maxLength: 400 },
    apiLicense: {
      type: 'object',
      additionalProperties: false,
      required: ['name', 'url'],
      properties: {
        name: { type: 'string', minLength: 2, maxLength: 80 },
        url: { type: 'string', format: 'uri' },
      },
    },
    contactEmail: { type: 'string', format: 'email' },
    language: { type: 'string', pattern: '^[a-z]{2}(-[A-Z]{2})?$' },
  },
};

const plan: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'price', 'interval', 'trial'],
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9-]+$', description: 'Stable identifier' },
    name: { type: 'string', minLength: 2 },
    price: { type: 'number', minimum: 0, description: 'Amount per interval' },
    interval: { type: 'string', enum: ['month', 'year'] },
    trial: { type: 'string', minLength: 5, description: 'Trial terms' },
  },
};

/** content/pricing.yaml: the pricing data; the build adds the URLs of the pricing documents. */
export const pricingSourceSchema: JsonSchema = {
  $id: 'content/pricing',
  type: 'object',
  additionalProperties: false,
  required: [
    'product',
    'description',
    'currency',
    'plans',
    'includes',
    'supportedBrowsers',
    'installUrl',
    'lastUpdated',
  ],
  properties: {
    product: { type: 'string', minLength: 2 },
    description: { type: 'string', minLength: 20 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217 code' },
    plans: { type: 'array', minItems: 1, items: plan },
    includes: { type: 'array', minItems: 1, items: { type: 'string', minLength: 2 } },
    supportedBrowsers: { type: 'array', minItems: 1, items: { type: 'string', minLength: 2 } },
    installUrl: { type: 'string', format: 'uri' },
    lastUpdated: { type: 'string', format: 'date' },
  },
};

/** content/pages/*.md frontmatter. */
export const pageSchema: JsonSchema = {
  $id: 'content/page',
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description'],
  properties: {
    title: { type: 'string', minLength: 2, maxLength: 120 },
    description: { type: 'string', minLength: 20, maxLength: 300 },
  },
};

/** content/instance-images.yaml: the image catalogue of the proposed instance contract. */
export const instanceImagesSchema: JsonSchema = {
  $id: 'content/instance-images',
  type: 'object',
  additionalProperties: false,
  required: ['images'],
  properties: {
    images: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'browser', 'os'],
        properties: {
          id: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]*$', maxLength: 80 },
          browser: { type: 'string', minLength: 2 },
          os: { type: 'string', minLength: 2 },
        },
      },
    },
  },
};

/** The content folder's data files, each with the schema it must match. */
export const DATA_FILE_SCHEMAS = {
  'site.yaml': siteSchema,
  'pricing.yaml': pricingSourceSchema,
  'instance-images.yaml': instanceImagesSchema,
} as const satisfies Record<string, JsonSchema>;

export type DataFileName = keyof typeof DATA_FILE_SCHEMAS;
