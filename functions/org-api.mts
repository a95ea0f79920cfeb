import type { Config } from '@netlify/functions';
import { createOrgApi } from '../runtime/instances/org-api.ts';
import { createRecordingProvisioner } from '../runtime/instances/recording-provisioner.ts';
import { createSandboxPage } from '../runtime/instances/sandbox-page.ts';
import { functionDataDir, loadServiceData } from '../runtime/service-data.ts';
import { createBlobStore, SERVICE_STORE_NAME } from '../runtime/store/blob-store.ts';

/** Netlify Function: the proposed instance and key API under /orgs, and the sandbox pages of its instances. */
const store = createBlobStore(SERVICE_STORE_NAME);
const orgApi = createOrgApi({ store, provisioner: createRecordingProvisioner(store), data: await loadServiceData(functionDataDir()) });
const sandboxPage = createSandboxPage(store);

export default async (request: Request): Promise<Response> =>
  (await orgApi(request)) ?? (await sandboxPage(request)) ?? new Response(null, { status: 404 });

export const config: Config = { path: ['/orgs/*', '/sandbox/*'] };
