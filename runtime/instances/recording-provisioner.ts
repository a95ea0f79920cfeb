import { assertCanonicalUuid } from '../../core/uuid.ts';
import { storeKey, type Store } from '../store/store.ts';
import type { Provisioner } from './provisioner.ts';

export const SANDBOX_PAGE_PATH = '/sandbox/';

export interface SandboxSession {
  org: string;
  image: string;
  size: string;
}

export const sessionKey = (instanceUuid: string) =>
  storeKey('sandbox-sessions', assertCanonicalUuid(instanceUuid, 'Instance id'));

/**
 * The provisioner of this project on both hosts until a remote-browser backend is
 * plugged in: it records each instance's session in the store and gives it an access
 * URL on the same host (the sandbox page, which shows the instance). Destroying the
 * instance deletes its session data.
 */
export function createRecordingProvisioner(store: Store): Provisioner {
  return {
    async provision({ org, instanceUuid, image, size, origin }) {
      await store.put<SandboxSession>(
        sessionKey(instanceUuid),
        { org, image, size },
        { kind: 'if-absent' },
      );
      return { accessUrl: new URL(`${SANDBOX_PAGE_PATH}${instanceUuid}/`, origin).href };
    },
    async destroy(_org, instanceUuid) {
      await store.delete(sessionKey(instanceUuid));
    },
  };
}
