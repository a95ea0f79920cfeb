import { API_VERSION } from '../../core/api-versions.ts';
import { COLLECTION_KEYS, COLLECTIONS, type CollectionKey } from '../../core/collections.ts';
import { paths } from '../../core/paths.ts';
import { MAX_QUERY_LENGTH } from '../../core/search-options.ts';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from '../../core/summary.ts';
import type { Corpus } from './corpus.ts';
import { SITE_FILES_TAG, siteFilePaths } from './openapi-site-files.ts';
import { API_SCHEMAS, SLUG_PATTERN_SOURCE } from './schemas/api.ts';
import { publishedRecordSchema, type JsonSchema } from './schemas/content.ts';

/**
 * OpenAPI 3.1 for the whole interface. Record schemas are generated from the same
 * JSON Schemas the build validates content with.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });
const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });

/** Component name of each collection's record (what `data` holds in a Record response). */
export const RECORD_SCHEMA_NAMES: Record<CollectionKey, string> = {
  threats: 'Threat',
  glossary: 'GlossaryTerm',
  exposures: 'Exposure',
  apps: 'App',
  ai: 'AiRisk',
  posts: 'Post',
};

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
  'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
};

const ok = (description: string, schema: JsonSchema, headers: object = rateLimitHeaders) => ({
  description,
  headers,
  ...json(schema),
});

const readResponses = (success: object, extra: Record<string, object> = {}) => ({
  '200': success,
  ...extra,
  '405': response('MethodNotAllowed'),
  '429': response('RateLimited'),
  '500': response('InternalError'),
});

/** What a public operation requires: nothing, said explicitly so that no tool takes it for an omission. */
const PUBLIC: object[] = [];

const limitParam = (description: string) => ({
  name: 'limit',
  in: 'query',
  required: false,
  description,
  schema: { type: 'integer', default: DEFAULT_PAGE_LIMIT, minimum: 1, maximum: MAX_PAGE_LIMIT },
});

function collectionPaths(key: CollectionKey): Record<string, object> {
  const info = COLLECTIONS[key];
  const recordName = RECORD_SCHEMA_NAMES[key];
  return {
    [paths.apiList(key)]: {
      get: {
        operationId: info.listOperation,
        tags: ['Content'],
        security: PUBLIC,
        summary: `List ${info.title.toLowerCase()}`,
        description: info.description,
        parameters: [
          limitParam(
            'Maximum records returned; values outside 1 to 200 are clamped to the nearest bound; a value that is not a number counts as absent.',
          ),
          {
            name: 'offset',
            in: 'query',
            required: false,
            description:
              'Records skipped before collecting results; negative values are treated as 0, a value that is not a number as absent.',
            schema: { type: 'integer', default: 0, minimum: 0 },
          },
        ],
        responses: readResponses(ok('A page of summaries', ref('SummaryPage')), {
          '404': response('NotFound'),
        }),
      },
    },
    [paths.apiItemTemplate(key)]: {
      get: {
        operationId: info.getOperation,
        tags: ['Content'],
        security: PUBLIC,
        summary: `Get one record of ${key}`,
        parameters: [
          {
            name: 'slug',
            in: 'path',
            required: true,
            description: 'A slug as returned by the list of the same collection',
            schema: { type: 'string', pattern: SLUG_PATTERN_SOURCE },
          },
        ],
        responses: readResponses(ok('The full record', ref(`${recordName}Record`)), {
          '404': response('NotFound'),
        }),
      },
    },
  };
}

/**
 * How a form post (application/x-www-form-urlencoded, what the website's forms send) is
 * answered beside a JSON body: the same outcome, as a person reads it. Accepted is 303 to
 * the form's thank-you page; refused is the contact page again, with the status the JSON
 * answer has, the form as sent and what went wrong next to it.
 */
const formPage = {
  'text/html': {
    schema: {
      type: 'string',
      description: 'The contact page, the form as sent and what went wrong next to each field',
    },
  },
};

const refusal = (description: string, headers: object = {}) => ({
  description: `${description}: an Error for a JSON body, the contact page for a form post`,
  headers,
  content: { ...json(ref('Error')).content, ...formPage },
});

const contactResponses = {
  '200': { description: 'Accepted (a JSON body)', ...json(ref('Success')) },
  '303': {
    description: "Accepted (a form post): on to the form's thank-you page",
    headers: {
      Location: {
        description: 'The thank-you page, a path on the same site',
        schema: { type: 'string' },
      },
    },
  },
  '400': refusal(
    'The submission is invalid; code is invalid_request, missing_field or invalid_email',
  ),
  '403': {
    description: "A form post from another site's page, refused before its body is read",
    content: formPage,
  },
  '405': response('MethodNotAllowed'),
  '413': refusal('The body is larger than the endpoint accepts'),
  '415': { description: 'The body is neither JSON nor a form post', ...json(ref('Error')) },
  '429': refusal('Too many submissions from this sender (code rate_limited)', {
    'Retry-After': { $ref: '#/components/headers/Retry-After' },
    ...rateLimitHeaders,
  }),
  '500': refusal(
    'The submission was stored but could not be delivered, or the service is not configured',
  ),
};

const contactOperation = (operationId: string, summary: string, body: string) => ({
  post: {
    operationId,
    tags: ['Contact'],
    security: PUBLIC,
    summary,
    requestBody: {
      required: true,
      content: {
        'application/json': { schema: ref(body) },
        'application/x-www-form-urlencoded': { schema: ref(body) },
      },
    },
    responses: contactResponses,
  },
});

const orgParam = {
  name: 'org_uuid',
  in: 'path',
  required: true,
  description: 'Organization identifier, a UUID (read in either case); anything else is 404',
  schema: { type: 'string', format: 'uuid' },
};
const authErrors = {
  '401': response('Unauthorized'),
  '403': response('Forbidden'),
  // A key of another organization gets the same 404 as an organization that does not exist.
  '404': response('NotFound'),
  '405': response('MethodNotAllowed'),
  '429': response('RateLimited'),
  '500': response('InternalError'),
};

function errorResponse(description: string, headers: object = {}) {
  return { description, headers, ...json(ref('Error')) };
}

/**
 * The API's description, made from the schemas the content is validated with: published
 * as openapi.json (emit/) and read by the API reference page (render/).
 */
export function openApiDocument(corpus: Corpus) {
  const base = corpus.site.baseUrl;
  const recordSchemas = Object.fromEntries(
    COLLECTION_KEYS.flatMap((key) => {
      const name = RECORD_SCHEMA_NAMES[key];
      return [
        [name, { description: COLLECTIONS[key].description, ...publishedRecordSchema(key) }],
        [`${name}Record`, recordDocument(key, name)],
      ];
    }),
  );
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: corpus.site.apiName,
      version: API_VERSION,
      description: `${corpus.site.apiDescription}\n\nEvery failure returns the Error object; clients should branch on \`code\`, show \`message\` and act on \`hint\`. Parse defensively: fields may be added within v1.`,
      contact: { email: corpus.site.contactEmail, url: base + paths.page('contact') },
      ...(corpus.site.apiLicense && { license: corpus.site.apiLicense }),
    },
    servers: [
      { url: base, description: 'Production' },
      {
        url: '{origin}',
        description: 'A local or mirrored copy of the same build',
        variables: {
          origin: {
            default: 'http://localhost:8888',
            description: "The copy's scheme, host and port: npm start listens on port 8888",
          },
        },
      },
    ],
    externalDocs: { description: 'API reference', url: base + paths.apiReference },
    tags: [
      { name: 'Discovery', description: 'API index, search and pricing' },
      { name: 'Content', description: 'Read-only content collections' },
      { name: 'Contact', description: 'Contact and sign-up endpoints, rate limited per sender' },
      SITE_FILES_TAG,
      {
        name: 'Instances (proposed)',
        description:
          'Illustrative isolated-browser instance and key contract, served for trial under /orgs',
      },
    ],
    paths: { ...readPaths(), ...formPaths, ...instancePaths, ...siteFilePaths() },
    components: {
      schemas: { ...API_SCHEMAS, ...recordSchemas },
      ...COMPONENTS,
    },
  };
}

/** What the API sends for one record: the record, named with its collection. */
const recordDocument = (key: CollectionKey, name: string) => ({
  type: 'object',
  description: `One record of ${key}, as /api/v1/${key}/{slug} sends it`,
  required: ['collection', 'data'],
  properties: { collection: { type: 'string', const: key }, data: ref(name) },
});

/** The read API's paths: its index, each collection's list and records, search and pricing. */
const readPaths = () => ({
  [paths.apiIndex]: {
    get: {
      operationId: 'getApiIndex',
      tags: ['Discovery'],
      security: PUBLIC,
      summary: 'API index',
      description:
        'Lists every collection with its count and URL templates, and the other endpoints.',
      responses: readResponses(ok('The API index', ref('ApiIndex'))),
    },
  },
  ...Object.assign({}, ...COLLECTION_KEYS.map(collectionPaths)),
  [paths.apiSearch]: {
    get: {
      operationId: 'searchContent',
      tags: ['Discovery'],
      security: PUBLIC,
      summary: 'Search every collection',
      description:
        'All terms must match (a term also matches words it begins, so a partly typed word finds its record). Every title match ranks above every summary-only match; results are best first.',
      parameters: [
        {
          name: 'q',
          in: 'query',
          required: true,
          description: 'Search terms: at least one character that is not a space',
          schema: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH, pattern: '\\S' },
        },
        limitParam(
          'Maximum results; values outside 1 to 200 are clamped to the nearest bound; a value that is not a number counts as absent.',
        ),
      ],
      responses: readResponses(ok('Matching records, best first', ref('SearchResults')), {
        '400': response('BadRequest'),
      }),
    },
  },
  [paths.openapi]: {
    get: {
      operationId: 'getOpenApiDocument',
      tags: ['Discovery'],
      security: PUBLIC,
      summary: 'This OpenAPI document',
      responses: readResponses(
        ok('The OpenAPI 3.1 description of the whole API', {
          type: 'object',
          description: 'An OpenAPI 3.1 document',
        }),
      ),
    },
  },
  [paths.apiManifest]: manifestPath,
  [paths.apiPricing]: {
    get: {
      operationId: 'getPricing',
      tags: ['Discovery'],
      security: PUBLIC,
      summary: 'Pricing of the extension',
      responses: readResponses(
        ok('Plans, trial terms and what every plan includes', ref('Pricing')),
      ),
    },
  },
});

const etagHeader = { ETag: { $ref: '#/components/headers/ETag' } };

/** The manifest of versions: a static file, asked for again with the ETag it was sent with. */
const manifestPath = {
  get: {
    operationId: 'getManifest',
    tags: ['Discovery'],
    security: PUBLIC,
    summary: "Every record's version, to sync a kept copy",
    description:
      "Lists every published record with its version, a hash of its JSON document's bytes. To sync a copy: send the ETag of the manifest last read as If-None-Match (304: nothing changed); else fetch /api/v1/{collection}/{slug} for each record whose version differs from the one kept, and drop the records no longer listed.",
    parameters: [
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description:
          'The ETag of the manifest the client last read: while it is unchanged, the answer is 304 without a body',
        schema: { type: 'string' },
      },
    ],
    responses: readResponses(
      ok('The manifest', ref('RecordManifest'), { ...etagHeader, ...rateLimitHeaders }),
      {
        '304': {
          description: 'The manifest is the one whose ETag was sent: nothing changed',
          headers: { ...etagHeader, ...rateLimitHeaders },
        },
      },
    ),
  },
};

/** The form posts: contact and sign-up endpoints. */
const formPaths = {
  '/api/contact': contactOperation(
    'sendContactMessage',
    'Send a message to the team',
    'ContactMessage',
  ),
  '/api/newsletter': contactOperation(
    'subscribeNewsletter',
    'Subscribe to the newsletter',
    'Signup',
  ),
  '/api/waitlist': contactOperation('joinWaitlist', 'Join the waitlist', 'Signup'),
  '/api/sandbox-early-access': contactOperation(
    'requestSandboxEarlyAccess',
    'Request early access to sandbox',
    'Signup',
  ),
};

/** The proposed instance and key contract, served under /orgs. */
const instancePaths = {
  '/orgs/{org_uuid}/api/instances': {
    parameters: [orgParam],
    get: {
      operationId: 'listInstances',
      tags: ['Instances (proposed)'],
      summary: 'List instances (scope instances:read)',
      security: [{ bearerAuth: ['instances:read'] }],
      responses: {
        '200': { description: "The organization's instances", ...json(ref('InstanceList')) },
        ...authErrors,
      },
    },
    post: {
      operationId: 'createInstance',
      tags: ['Instances (proposed)'],
      summary: 'Create an instance (scope instances:write)',
      security: [{ bearerAuth: ['instances:write'] }],
      requestBody: { required: true, ...json(ref('CreateInstance')) },
      responses: {
        '201': {
          description: 'Created; status is running',
          headers: {
            Location: {
              description: 'URL of the new instance',
              schema: { type: 'string', format: 'uri' },
            },
          },
          ...json(ref('Instance')),
        },
        '400': response('BadRequest'),
        '413': {
          description: 'The body is larger than the endpoint accepts',
          ...json(ref('Error')),
        },
        '415': { description: 'The body is not JSON', ...json(ref('Error')) },
        ...authErrors,
      },
    },
  },
  '/orgs/{org_uuid}/api/instances/{instance_uuid}': {
    parameters: [
      orgParam,
      {
        name: 'instance_uuid',
        in: 'path',
        required: true,
        description: 'A UUID; anything else is 404',
        schema: { type: 'string', format: 'uuid' },
      },
    ],
    delete: {
      operationId: 'deleteInstance',
      tags: ['Instances (proposed)'],
      summary: 'Delete an instance irreversibly (scope instances:write)',
      security: [{ bearerAuth: ['instances:write'] }],
      responses: { '204': { description: 'Deleted, with its data' }, ...authErrors },
    },
  },
  '/orgs/{org_uuid}/api/key': {
    parameters: [orgParam],
    get: {
      operationId: 'inspectKey',
      tags: ['Instances (proposed)'],
      summary: 'Inspect the active key',
      security: [{ bearerAuth: [] }],
      responses: {
        '200': {
          description: 'The active key, without its secret',
          ...json(ref('KeyInspection')),
        },
        ...authErrors,
      },
    },
  },
  '/orgs/{org_uuid}/api/key/rotate': {
    parameters: [orgParam],
    post: {
      operationId: 'rotateKey',
      tags: ['Instances (proposed)'],
      summary: 'Rotate the key; the old key stops working at once',
      security: [{ bearerAuth: [] }],
      responses: {
        '200': {
          description: 'The new key; its secret is shown only here',
          ...json(ref('KeyRotation')),
        },
        ...authErrors,
      },
    },
  },
};

/** What the operations refer to, beside the schemas. */
const COMPONENTS = {
  securitySchemes: {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      description: 'An organization API key (sk_...) in Authorization: Bearer',
    },
  },
  headers: {
    'RateLimit-Limit': {
      description: 'Requests allowed in the window',
      schema: { type: 'integer' },
    },
    'RateLimit-Remaining': {
      description: 'Requests left in the current window',
      schema: { type: 'integer' },
    },
    'RateLimit-Reset': {
      description: 'Seconds until the window resets',
      schema: { type: 'integer' },
    },
    'RateLimit-Policy': {
      description: 'The policy, e.g. 600;w=60',
      schema: { type: 'string' },
    },
    'Retry-After': {
      description: 'Seconds to wait before retrying',
      schema: { type: 'integer' },
    },
    Allow: { description: 'Methods the path supports', schema: { type: 'string' } },
    ETag: {
      description: 'The validator of this answer, to send as If-None-Match next time',
      schema: { type: 'string' },
    },
  },
  responses: {
    BadRequest: errorResponse(
      'The request is invalid; code is invalid_request, missing_field or invalid_email',
    ),
    NotFound: errorResponse('The collection, record or path does not exist (code not_found)'),
    MethodNotAllowed: errorResponse('The method is not supported (code method_not_allowed)', {
      Allow: { $ref: '#/components/headers/Allow' },
    }),
    RateLimited: errorResponse('Rate limit exceeded (code rate_limited)', {
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
      ...rateLimitHeaders,
    }),
    InternalError: errorResponse('Unexpected server error (code internal_error)'),
    Unauthorized: errorResponse('Missing or invalid API key (code unauthorized)', {
      'WWW-Authenticate': { description: 'Bearer', schema: { type: 'string' } },
    }),
    Forbidden: errorResponse('The key lacks the scope this operation needs (code forbidden)'),
  },
};
