import { escapeHtml } from '../../core/escape-html.ts';
import { canonicalUuid } from '../../core/uuid.ts';
import type { Store } from '../store/store.ts';
import { getInstance } from './instances.ts';
import { SANDBOX_PAGE_PATH, sessionKey, type SandboxSession } from './recording-provisioner.ts';

/**
 * The access_url of a recorded instance: a page showing the instance as the store has it.
 * No remote browser runs behind the recording provisioner, and the page says so.
 */
export function createSandboxPage(store: Store) {
  return async function sandboxPage(request: Request): Promise<Response | undefined> {
    const { pathname } = new URL(request.url);
    if (!pathname.startsWith(SANDBOX_PAGE_PATH)) return undefined;
    const uuid = canonicalUuid(pathname.slice(SANDBOX_PAGE_PATH.length).replace(/\/$/, ''));
    const session = uuid ? (await store.get<SandboxSession>(sessionKey(uuid)))?.value : undefined;
    // Sessions recorded before organization ids had to be UUIDs name organizations the API no longer reaches.
    const instance =
      uuid && session && canonicalUuid(session.org) === session.org
        ? await getInstance(store, session.org, uuid)
        : undefined;
    const headers = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    };
    if (!uuid || !instance)
      return new Response(
        '<!doctype html><title>No such instance</title><h1>No such instance</h1><p>It does not exist or was deleted.</p>\n',
        { status: 404, headers },
      );
    const rows = Object.entries(instance)
      .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(String(v))}</td></tr>`)
      .join('');
    return new Response(
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>sandbox instance ${escapeHtml(uuid)}</title><h1>sandbox instance</h1><table>${rows}</table><p>This instance was provisioned by the recording provisioner: it is recorded on this service, and no remote browser runs behind it yet.</p></html>\n`,
      { status: 200, headers },
    );
  };
}
