import path from 'node:path';
import { API_VERSIONS, type ApiVersion } from '../core/api-versions.ts';
import { READ_RATE_LIMIT, type RateLimitPolicy } from '../core/limits.ts';
import { edgeFunctionFor, functionFor, type FunctionName } from '../core/routes.ts';
import { clientAddress } from '../runtime/client-address.ts';
import { createOrgApi } from '../runtime/instances/org-api.ts';
import { createRecordingProvisioner } from '../runtime/instances/recording-provisioner.ts';
import { createSandboxPage } from '../runtime/instances/sandbox-page.ts';
import type { Mailer } from '../runtime/mail/mailer.ts';
import { mailerFromEnvironment } from '../runtime/mail/mailer-from-environment.ts';
import { markdownTwinFor } from '../runtime/markdown-negotiation.ts';
import { createMemoryRateLimiter } from '../runtime/rate-limit.ts';
import { createReadApi } from '../runtime/read-api.ts';
import { createReadGate } from '../runtime/read-gate.ts';
import { notFoundResponse } from '../runtime/responses.ts';
import { loadServiceData } from '../runtime/service-data.ts';
import { createFileStore, removeStoreLeftovers } from '../runtime/store/file-store.ts';
import { pruneRateLimits } from '../runtime/stored-rate-limit.ts';
import { queueOrphans } from '../runtime/submissions/accept-submission.ts';
import { submissionEndpointsFor, submissionServicesFor } from '../runtime/submissions/submission-endpoints.ts';
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
}

/** Where the request came from, as the host adapter knows it (socket address locally, context.ip on Netlify). */
export interface RequestInfo {
  remoteAddress?: string;
}

type Handler = (request: Request, client: string) => Promise<Response>;

/**
 * The whole service on one machine, routed as Netlify routes it: the edge step of a path
 * (core/routes.ts) runs first, then the function that owns the path, else dist/ served
 * with the generated rules. The handlers are the modules the Netlify functions export.
 */
export async function createApp(options: AppOptions): Promise<(request: Request, info?: RequestInfo) => Promise<Response>> {
  const staticSite = await createStaticSite(options.distDir);
  const data = await loadServiceData(path.join(options.distDir, '_data'));
  const storeDir = path.join(options.dataDir, 'store');
  const mailOutboxDir = path.join(options.dataDir, 'mail-outbox');
  const store = createFileStore(storeDir);
  const mailer =
    options.mailer ?? mailerFromEnvironment(process.env, options.requireSmtp ? { production: true } : { production: false, outboxDir: mailOutboxDir });
  // One machine has no scheduler: each start repairs what a crash left (files half written,
  // locks, contact messages stored without their mail queued) and forgets finished rate-limit windows.
  await removeStoreLeftovers(storeDir);
  await removeStoreLeftovers(mailOutboxDir);
  await queueOrphans(submissionServicesFor(data, { store, mailer }));
  await pruneRateLimits(store, (options.now ?? Date.now)());
  const readApi = createReadApi(data);
  const orgApi = createOrgApi({ store, provisioner: createRecordingProvisioner(store), data, now: options.now });
  const sandboxPage = createSandboxPage(store);
  const submissions = submissionEndpointsFor(data, { store, mailer, now: options.now, senderLimit: options.contactRateLimit });
  const gate = createReadGate({
    limiter: createMemoryRateLimiter(options.readRateLimit ?? READ_RATE_LIMIT, options.now),
    versions: options.versions ?? API_VERSIONS,
    baseUrl: data.baseUrl,
  });

  const functions: Record<FunctionName, Handler> = {
    'read-api': readApi,
    'read-api-methods': readApi,
    submissions: async (request, client) => (await submissions(request, client)) ?? notFoundResponse(data.baseUrl),
    'api-not-found': async () => notFoundResponse(data.baseUrl),
    'org-api': async (request) => (await orgApi(request)) ?? (await sandboxPage(request)) ?? notFoundResponse(data.baseUrl),
  };

  return async (request, info = {}) => {
    const { pathname } = new URL(request.url);
    const client = clientAddress(request, info.remoteAddress, options.trustProxy ?? false);
    const owner = functionFor(pathname, request.method);
    const origin = () => (owner ? functions[owner](request, client) : staticSite(request));
    switch (edgeFunctionFor(pathname, request.method)) {
      case 'read-gate':
        return gate(request, client, origin);
      case 'markdown-twin': {
        // An edge rewrite: the twin is served in place of the page, from the same static host.
        const twin = markdownTwinFor(request);
        return twin ? staticSite(new Request(new URL(twin, request.url), { method: request.method })) : origin();
      }
      default:
        return origin();
    }
  };
}
