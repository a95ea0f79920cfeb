import { randomUUID } from 'node:crypto';
import {
  canTransition,
  type Instance,
  type InstanceSize,
  type InstanceStatus,
} from '../../core/instances.ts';
import { assertCanonicalUuid } from '../../core/uuid.ts';
import { storeKey, storePrefix, type Store } from '../store/store.ts';
import type { Provisioner } from './provisioner.ts';

/** Instances of an organization, kept in the store at `orgs/<org>/instances/<uuid>`; both ids canonical UUIDs. */
const orgInstances = (org: string) => [
  'orgs',
  assertCanonicalUuid(org, 'Organization id'),
  'instances',
];
const instanceKey = (org: string, uuid: string) =>
  storeKey(...orgInstances(org), assertCanonicalUuid(uuid, 'Instance id'));

export async function listInstances(store: Store, org: string): Promise<Instance[]> {
  const keys = await store.list(storePrefix(...orgInstances(org)));
  const found = await Promise.all(keys.map(async (k) => (await store.get<Instance>(k))?.value));
  return found
    .filter((i): i is Instance => i !== undefined)
    .sort(
      (a, b) =>
        a.created_at.localeCompare(b.created_at) || a.instance_uuid.localeCompare(b.instance_uuid),
    );
}

export async function getInstance(
  store: Store,
  org: string,
  uuid: string,
): Promise<Instance | undefined> {
  return (await store.get<Instance>(instanceKey(org, uuid)))?.value;
}

export async function createInstance(
  store: Store,
  provisioner: Provisioner,
  request: { org: string; image: string; size: InstanceSize; origin: string; now?: number },
): Promise<Instance> {
  const uuid = randomUUID();
  const { accessUrl } = await provisioner.provision({
    org: request.org,
    instanceUuid: uuid,
    image: request.image,
    size: request.size,
    origin: request.origin,
  });
  const instance: Instance = {
    instance_uuid: uuid,
    status: 'running',
    image: request.image,
    size: request.size,
    created_at: new Date(request.now ?? Date.now()).toISOString(),
    access_url: accessUrl,
  };
  await store.put(instanceKey(request.org, uuid), instance, { kind: 'if-absent' });
  return instance;
}

export class TransitionError extends Error {}

/** Moves an instance to another status, refusing transitions the lifecycle does not have. */
export function transition(instance: Instance, to: InstanceStatus): Instance {
  if (!canTransition(instance.status, to))
    throw new TransitionError(`An instance cannot go from ${instance.status} to ${to}`);
  return { ...instance, status: to };
}

/** Terminates and deletes an instance with its data; false when there is none. Irreversible. */
export async function deleteInstance(
  store: Store,
  provisioner: Provisioner,
  org: string,
  uuid: string,
): Promise<boolean> {
  const instance = await getInstance(store, org, uuid);
  if (!instance) return false;
  transition(instance, 'terminated');
  await provisioner.destroy(org, uuid);
  await store.delete(instanceKey(org, uuid));
  return true;
}
