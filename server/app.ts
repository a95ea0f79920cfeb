import path from 'node:path';
import { API_VERSIONS, type ApiVersion } from '../core/api-versions.ts';
import { clientAddress } from '../runtime/client-address.ts';
import { markdownTwinPath, prefersMarkdown } from '../runtime/markdown-negotiation.ts';
import { createRateLimiter, type RateLimitPolicy } from '../runtime/rate-limit.ts';
import { createReadApi } from '../runtime/read-api.ts';
import { createReadGate } from '../runtime/read-gate.ts';
import { READ_RATE_LIMIT } from '../runtime/read-limits.ts';
import { isReadApiPath } from '../runtime/read-routes.ts';
import { errorResponse } from '../runtime/responses.ts';
import { loadServiceData } from '../runtime/service-data.ts';
import { createStaticSite } from './static-site.ts';
import { createOrgApi } from '../runtime/instances/org-api.ts';
import { createRecordingProvisioner } from '../runtime/instances/recording-provisioner.ts';
import { createSandboxPage } from '../runtime/instances/sandbox-page.ts';
import type { Mailer } from '../runtime/mail/mailer.ts';
import { mailerFromEnvironment } from '../runtime/mail/mailer-from-environment.ts';
import { createFileStore } from '../runtime/store/file-store.ts';
import { submissionEndpointsFor } from '../runtime/submissions/submission-endpoints.ts';

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

/**
 * The whole service on one machine: the same handler modules the Netlify functions
 * export, in front of dist/ served with the generated rules.
 */
export async function createApp(options: AppOptions): Promise<(request: Request, info?: RequestInfo) => Promise<Response>> {
  const staticSite = await createStaticSite(options.distDir);
  const data = await loadServiceData(path.join(options.distDir, '_data'));
  const readApi = createReadApi(data);
  const { dataDir } = options;
  const store = createFileStore(path.join(dataDir, 'store'));
  const orgApi = createOrgApi({ store, provisioner: createRecordingProvisioner(store), data, now: options.now });
  const sandboxPage = createSandboxPage(store);
  const submissions = submissionEndpointsFor(data, {
    store,
    mailer: options.mailer ?? mailerFromEnvironment(process.env, options.requireSmtp ? { production: true } : { production: false, outboxDir: path.join(dataDir, 'mail-outbox') }),
    now: options.now,
    senderLimit: options.contactRateLimit,
  });
  const gate = createReadGate({
    limiter: createRateLimiter(options.readRateLimit ?? READ_RATE_LIMIT, options.now),
    versions: options.versions ?? API_VERSIONS,
    docs: data.docs,
  });

  return async (request, info = {}) => {
    const url = new URL(request.url);
    const client = clientAddress(request, info.remoteAddress, options.trustProxy ?? false);
    if (isReadApiPath(url.pathname)) {
      return gate(request, client, async () => (await readApi(request)) ?? staticSite(request));
    }
    const answered = (await submissions(request, client)) ?? (await orgApi(request)) ?? (await sandboxPage(request));
    if (answered) return answered;
    if (url.pathname.startsWith('/api/') && request.method !== 'GET' && request.method !== 'HEAD') {
      return errorResponse('not_found', 'No API endpoint exists at this path.', `See the endpoints listed at ${data.baseUrl}/api/v1.`, data.docs);
    }
    const twin = markdownTwinPath(url.pathname);
    if (twin && prefersMarkdown(request.headers.get('accept')) && (request.method === 'GET' || request.method === 'HEAD')) {
      const response = await staticSite(new Request(new URL(twin, url), { method: request.method }));
      if (response.status === 200) return response;
    }
    return staticSite(request);
  };
}
