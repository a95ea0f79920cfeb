import { INSTANCE_SIZES, type InstanceSize, type KeyScope } from '../../core/instances.ts';
import { canonicalUuid } from '../../core/uuid.ts';
import { authenticate, inspection, rotateKey, type ActiveKey } from '../keys/api-keys.ts';
import { readJsonBody } from '../read-json-body.ts';
import { errorResponse, jsonResponse } from '../responses.ts';
import type { ServiceData } from '../service-data.ts';
import type { Store } from '../store/store.ts';
import { createInstance, deleteInstance, listInstances } from './instances.ts';
import type { Provisioner } from './provisioner.ts';

/**
 * /orgs/{org_uuid}/api/...: the proposed instance and key contract, served for real.
 * Per request: route, method (405), bearer key (401; a key of another organization is
 * 404 whether or not that organization exists), scope (403), then the operation.
 */
type Operation = 'listInstances' | 'createInstance' | 'deleteInstance' | 'inspectKey' | 'rotateKey';

interface Route {
  /** Canonical UUIDs: ids that are not UUIDs never get a route, so they never reach the store. */
  org: string;
  allow: string;
  operations: Partial<Record<string, Operation>>;
  instanceUuid?: string;
}

const SCOPE_OF: Record<Operation, KeyScope | undefined> = {
  listInstances: 'instances:read',
  createInstance: 'instances:write',
  deleteInstance: 'instances:write',
  // Any valid key of the organization may inspect and rotate itself: see docs/decisions.md.
  inspectKey: undefined,
  rotateKey: undefined,
};

export function isOrgApiPath(pathname: string): boolean {
  return pathname.startsWith('/orgs/');
}

/**
 * The route of a path, or undefined (404). An organization or instance id that is not a
 * UUID names nothing that can exist: it is refused here, before any key check or store access.
 */
function routeOf(pathname: string): Route | { badId: 'organization' | 'instance' } | undefined {
  const match = /^\/orgs\/([^/]+)\/api\/(instances|key)(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return undefined;
  const [, orgSegment, resource, rest] = match;
  const org = uuidSegment(orgSegment!);
  if (!org) return { badId: 'organization' };
  if (resource === 'instances' && rest === undefined)
    return {
      org,
      allow: 'GET, POST',
      operations: { GET: 'listInstances', POST: 'createInstance' },
    };
  if (resource === 'instances') {
    const instanceUuid = uuidSegment(rest!);
    return instanceUuid
      ? { org, allow: 'DELETE', operations: { DELETE: 'deleteInstance' }, instanceUuid }
      : { badId: 'instance' };
  }
  if (resource === 'key' && rest === undefined)
    return { org, allow: 'GET', operations: { GET: 'inspectKey' } };
  if (resource === 'key' && rest === 'rotate')
    return { org, allow: 'POST', operations: { POST: 'rotateKey' } };
  return undefined;
}

/** A path segment naming a UUID (percent-encoded or not, either case), in canonical form. */
function uuidSegment(segment: string): string | undefined {
  try {
    return canonicalUuid(decodeURIComponent(segment));
  } catch {
    return undefined;
  }
}

function bearer(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1];
}

export interface OrgApiOptions {
  store: Store;
  provisioner: Provisioner;
  data: ServiceData;
  now?: () => number;
}

/** What creating an instance needs of the API. */
interface CreateContext extends Required<OrgApiOptions> {
  fail: (
    code: Parameters<typeof errorResponse>[0],
    message: string,
    hint: string,
    headers?: HeadersInit,
    status?: number,
  ) => Response;
}

/** POST .../instances: the body checked field by field, each refusal saying what is allowed. */
async function createFromRequest(
  { store, provisioner, data, now, fail }: CreateContext,
  route: Route,
  request: Request,
): Promise<Response> {
  // The configured address, never the request's Host, which a client or a proxy may set to anything.
  const origin = data.baseUrl;
  const body = await readJsonBody(request);
  if (!body.ok)
    return fail(
      'invalid_request',
      body.problem.message,
      body.problem.hint,
      {},
      body.problem.status,
    );
  const input = (
    typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value)
      ? body.value
      : undefined
  ) as Record<string, unknown> | undefined;
  if (!input)
    return fail(
      'invalid_request',
      'The request body is not a JSON object.',
      'Send {"image": "<image>", "size": "small"}.',
    );
  const images = (await data.instanceImages()).map((i) => i.id);
  const imageHint = `Allowed images: ${images.join(', ')}.`;
  const sizeHint = `Allowed sizes: ${INSTANCE_SIZES.join(', ')}.`;
  if (input.image === undefined || input.image === null || input.image === '')
    return fail('missing_field', 'The field "image" is required.', imageHint);
  if (typeof input.image !== 'string' || !images.includes(input.image))
    return fail(
      'invalid_request',
      `${JSON.stringify(input.image)} is not an available image.`,
      imageHint,
    );
  if (input.size === undefined || input.size === null || input.size === '')
    return fail('missing_field', 'The field "size" is required.', sizeHint);
  if (typeof input.size !== 'string' || !(INSTANCE_SIZES as readonly string[]).includes(input.size))
    return fail('invalid_request', `${JSON.stringify(input.size)} is not a size.`, sizeHint);
  const instance = await createInstance(store, provisioner, {
    org: route.org,
    image: input.image,
    size: input.size as InstanceSize,
    origin,
    now: now(),
  });
  const location = new URL(
    `/orgs/${encodeURIComponent(route.org)}/api/instances/${instance.instance_uuid}`,
    origin,
  ).href;
  return jsonResponse(instance, { status: 201, headers: { Location: location } });
}

export function createOrgApi({ store, provisioner, data, now = Date.now }: OrgApiOptions) {
  const fail = (
    code: Parameters<typeof errorResponse>[0],
    message: string,
    hint: string,
    headers: HeadersInit = {},
    status?: number,
  ) => errorResponse(code, message, hint, data.docs, headers, status);
  const notFound = () =>
    fail(
      'not_found',
      'Nothing exists at this path for your key.',
      'Check the organization id and the path against the API description.',
    );
  const unauthorized = (reason: 'missing' | 'invalid') =>
    fail(
      'unauthorized',
      reason === 'missing'
        ? 'This endpoint needs an API key.'
        : 'The API key is not valid (it may have been rotated).',
      reason === 'missing'
        ? 'Send Authorization: Bearer <API key>.'
        : 'Use the current key of the organization; after a rotation only the new key works.',
      {
        'WWW-Authenticate':
          reason === 'missing'
            ? 'Bearer realm="orgs"'
            : 'Bearer realm="orgs", error="invalid_token"',
      },
    );

  async function run(
    operation: Operation,
    route: Route,
    key: ActiveKey,
    request: Request,
  ): Promise<Response> {
    switch (operation) {
      case 'listInstances': {
        const instances = await listInstances(store, route.org);
        return jsonResponse({ instances, total: instances.length });
      }
      case 'createInstance':
        return createFromRequest({ store, provisioner, data, now, fail }, route, request);
      case 'deleteInstance':
        return (await deleteInstance(store, provisioner, route.org, route.instanceUuid!))
          ? new Response(null, { status: 204 })
          : notFound();
      case 'inspectKey':
        return jsonResponse(inspection(key));
      case 'rotateKey': {
        // Uses never write the key's record, so the only way to lose is another rotation (or a reissue): this key is gone.
        const rotated = await rotateKey(store, route.org, key, now());
        if (!rotated) return unauthorized('invalid');
        return jsonResponse(
          { key: rotated.secret, key_id: rotated.key.key_id, created_at: rotated.key.created_at },
          { headers: { 'Cache-Control': 'no-store' } },
        );
      }
    }
  }

  return async function orgApi(request: Request): Promise<Response | undefined> {
    const url = new URL(request.url);
    if (!isOrgApiPath(url.pathname)) return undefined;
    const route = routeOf(url.pathname);
    if (!route) return notFound();
    if ('badId' in route) {
      return fail(
        'not_found',
        `The ${route.badId} id in this path is not a UUID, so nothing exists here.`,
        `${route.badId === 'organization' ? 'Organization' : 'Instance'} ids are UUIDs such as 7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10; check the path.`,
      );
    }
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const operation = route.operations[method];
    if (!operation) {
      return fail(
        'method_not_allowed',
        `${request.method} is not supported on ${url.pathname}.`,
        `Use ${route.allow}.`,
        { Allow: route.allow },
      );
    }
    const auth = await authenticate(store, route.org, bearer(request), now());
    if (!auth.ok) return auth.reason === 'other-org' ? notFound() : unauthorized(auth.reason);
    const scope = SCOPE_OF[operation];
    if (scope && !auth.key.scopes.includes(scope)) {
      return fail(
        'forbidden',
        `This key lacks the ${scope} scope.`,
        `Use a key with ${scope}, or issue one with npm run keys -- issue --scopes ${scope}.`,
      );
    }
    const response = await run(operation, route, auth.key, request);
    return request.method === 'HEAD'
      ? new Response(null, { status: response.status, headers: response.headers })
      : response;
  };
}
