import path from 'node:path';
import { API_VERSIONS, type ApiVersion } from '../core/api-versions.ts';
import { READ_RATE_LIMIT, type RateLimitPolicy } from '../core/limits.ts';
import {
  edgeFunctionsFor,
  functionFor,
  type EdgeFunctionName,
  type FunctionName,
} from '../core/routes.ts';
import { clientAddress } from '../runtime/client-address.ts';
import { createOrgApi } from '../runtime/instances/org-api.ts';
import { createRecordingProvisioner } from '../runtime/instances/recording-provisioner.ts';
import { createSandboxPage } from '../runtime/instances/sandbox-page.ts';
import type { Mailer } from '../runtime/mail/mailer.ts';
import { mailerFromEnvironment } from '../runtime/mail/mailer-from-environment.ts';
import { markdownTwinFor } from '../runtime/markdown-negotiation.ts';
import { allowedOriginsFrom } from '../runtime/mcp/allowed-origins.ts';
import { createMcpEndpoint } from '../runtime/mcp/mcp-endpoint.ts';
import { createMemoryRateLimiter } from '../runtime/rate-limit.ts';
import { createReadApi } from '../runtime/read-api.ts';
import { createReadGate } from '../runtime/read-gate.ts';
import { nonCanonicalAnswer } from '../runtime/canonical-request.ts';
import { guarded, requestIdOf, type GuardOptions } from '../runtime/request-guard.ts';
import { notFoundResponse } from '../runtime/responses.ts';
import { createSearchPage } from '../runtime/search-page.ts';
import { loadServiceData } from '../runtime/service-data.ts';
import { createFileStore, removeStoreLeftovers } from '../runtime/store/file-store.ts';
import { pruneRateLimits } from '../runtime/stored-rate-limit.ts';
import { queueOrphans } from '../runtime/submissions/accept-submission.ts';
import {
  submissionEndpointsFor,
  submissionServicesFor,
} from '../runtime/submissions/submission-endpoints.ts';
import { createStaticSite } from './static-site.ts';

export interface AppOptions {
  distDir: string;
  /** Where the file-backed store keeps submissions and the local mail outbox. */
  dataDir: string;
  /** How mail leaves; default from the environment (SMTP_URL, else .eml files in dataDir/mail-outbox). */
  mailer?: Mailer;
  /** Treat a missing SMTP_URL as a configuration error, as production does (MAIL_REQUIRE_SMTP=1). */
  requireSmtp?: boolean;
  contactRateLimit?: RateLimitPolicy;
  /** Count X-Forwarded-For (TRUST_PROXY=1): only behind a proxy the operator controls. */
  trustProxy?: boolean;
  readRateLimit?: RateLimitPolicy;
  now?: () => number;
  versions?: ApiVersion[];
  /** Browser origins besides the site's own that may call /mcp; default from MCP_ALLOWED_ORIGINS. */
  mcpAllowedOrigins?: readonly string[];
}

/** Where the request came from, as the host adapter knows it (socket address locally, context.ip on Netlify). */
export interface RequestInfo {
  remoteAddress?: string;
  /** The request target as the client sent it, before URL parsing resolved its dot segments and escapes. */
  target?: string;
}

type Handler = (request: Request, client: string, requestId: string) => Promise<Response>;

/** The service as one handler; `docs` lets the Node server shape the requests it refuses itself. */
export type App = ((request: Request, info?: RequestInfo) => Promise<Response>) & { docs: string };

/**
 * The whole service on one machine, routed as Netlify routes it: a path that is not
 * canonical is a 404 first, then the edge step of a path (core/routes.ts) runs, then the
 * function that owns the path, else dist/ served with the generated rules. The handlers
 * are the modules the Netlify functions export, inside the same request guard.
 */
export async function createApp(options: AppOptions): Promise<App> {
  const staticSite = await createStaticSite(options.distDir);
  const data = await loadServiceData(path.join(options.distDir, '_data'));
  const storeDir = path.join(options.dataDir, 'store');
  const mailOutboxDir = path.join(options.dataDir, 'mail-outbox');
  const store = createFileStore(storeDir);
  const mailer =
    options.mailer ??
    mailerFromEnvironment(
      process.env,
      options.requireSmtp ? { production: true } : { production: false, outboxDir: mailOutboxDir },
    );
  // One machine has no scheduler: each start repairs what a crash left (files half written,
  // locks, contact messages stored without their mail queued) and forgets finished rate-limit windows.
  await removeStoreLeftovers(storeDir);
  await removeStoreLeftovers(mailOutboxDir);
  await queueOrphans(submissionServicesFor(data, { store, mailer }));
  await pruneRateLimits(store, (options.now ?? Date.now)());
  const readApi = createReadApi(data);
  const orgApi = createOrgApi({
    store,
    provisioner: createRecordingProvisioner(store),
    data,
    now: options.now,
  });
  const sandboxPage = createSandboxPage(store);
  const searchPage = createSearchPage(data);
  const mcp = createMcpEndpoint({
    data,
    allowedOrigins: options.mcpAllowedOrigins ?? allowedOriginsFrom((name) => process.env[name]),
  });
  const submissions = submissionEndpointsFor(data, {
    store,
    mailer,
    now: options.now,
    senderLimit: options.contactRateLimit,
  });
  const gate = createReadGate({
    limiter: createMemoryRateLimiter(options.readRateLimit ?? READ_RATE_LIMIT, options.now),
    versions: options.versions ?? API_VERSIONS,
    baseUrl: data.baseUrl,
  });

  // As each Netlify function wraps its handler (functions/*.mts): the same audience, so the same headers.
  const guard =
    (
      audience: GuardOptions['audience'],
      handler: (request: Request, client: string) => Promise<Response>,
    ): Handler =>
    (request, client, requestId) =>
      guarded(request, requestId, { audience, docs: data.docs }, () => handler(request, client));
  const functions: Record<FunctionName, Handler> = {
    'read-api': guard('public-read', readApi),
    'read-api-methods': guard('public-read', readApi),
    submissions: guard(
      'submission',
      async (request, client) =>
        (await submissions(request, client)) ?? notFoundResponse(data.baseUrl),
    ),
    'api-not-found': guard('public-read', async () => notFoundResponse(data.baseUrl)),
    'org-api': guard(
      'org-api',
      async (request) =>
        (await orgApi(request)) ?? (await sandboxPage(request)) ?? notFoundResponse(data.baseUrl),
    ),
    'search-page': guard('page', searchPage),
    mcp: guard('mcp', mcp),
  };

  type EdgeStep = (
    request: Request,
    client: string,
    next: () => Promise<Response>,
  ) => Promise<Response>;
  // As each Netlify edge function (edge-functions/*.ts): a step that answers, or calls the next.
  const edge: Record<EdgeFunctionName, EdgeStep> = {
    'canonical-path': async (request, _client, next) =>
      (await nonCanonicalAnswer(request, data.baseUrl, () => staticSite.notFound(request))) ??
      next(),
    'read-gate': (request, client, next) => gate(request, client, next),
    'markdown-twin': (request, _client, next) => {
      // An edge rewrite: the twin is served in place of the page, from the same static host.
      const twin = markdownTwinFor(request);
      return twin
        ? staticSite.serve(new Request(new URL(twin, request.url), { method: request.method }))
        : next();
    },
  };

  const route = (request: Request, client: string, requestId: string): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const owner = functionFor(pathname, request.method);
    const origin = () =>
      owner ? functions[owner](request, client, requestId) : staticSite.serve(request);
    const chain = edgeFunctionsFor(pathname, request.method).reduceRight<() => Promise<Response>>(
      (next, name) => () => edge[name](request, client, next),
      origin,
    );
    return chain();
  };

  const app = async (request: Request, info: RequestInfo = {}) => {
    const requestId = requestIdOf(undefined);
    // Everything else a failure can come from (the static host, the read gate): shaped here.
    // What the client sent is judged too: nginx and Caddy judge the raw target, and a parsed URL has lost `%2e%2e`.
    const sent = info.target?.split('?')[0];
    return guarded(
      request,
      requestId,
      { docs: data.docs },
      async () =>
        (sent !== undefined &&
          (await nonCanonicalAnswer(
            request,
            data.baseUrl,
            () => staticSite.notFound(request),
            sent,
          ))) ||
        route(
          request,
          clientAddress(request, info.remoteAddress, options.trustProxy ?? false),
          requestId,
        ),
    );
  };
  return Object.assign(app, { docs: data.docs });
}
