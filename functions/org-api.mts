import type { Config, Context } from '@netlify/functions';
import { createOrgApi } from '../runtime/instances/org-api.ts';
import { createRecordingProvisioner } from '../runtime/instances/recording-provisioner.ts';
import { createSandboxPage } from '../runtime/instances/sandbox-page.ts';
import { guardHandler } from '../runtime/request-guard.ts';
import { notFoundResponse } from '../runtime/responses.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';
import { createBlobStore, SERVICE_STORE_NAME } from '../runtime/store/blob-store.ts';

/** Netlify Function: the proposed instance and key API under /orgs, and the sandbox pages of its instances. */
const store = createBlobStore(SERVICE_STORE_NAME);
const data = await loadServiceData(functionDataDir());
const orgApi = createOrgApi({ store, provisioner: createRecordingProvisioner(store), data });
const sandboxPage = createSandboxPage(store);

export default guardHandler<Context>(
  { audience: 'org-api', docs: data.docs },
  async (request) =>
    (await orgApi(request)) ?? (await sandboxPage(request)) ?? notFoundResponse(data.baseUrl),
);

// Literals only: Netlify reads this statically. test/netlify-bundle.test.ts holds it equal to core/routes.ts.
export const config: Config = { path: ['/orgs/*', '/sandbox/*'] };
