import type { InstanceSize } from '../../core/instances.ts';

/**
 * What runs an isolated browser. The API records instances and asks the provisioner to
 * start and destroy them; a real remote-browser backend implements this interface.
 */
export interface ProvisionRequest {
  org: string;
  instanceUuid: string;
  image: string;
  size: InstanceSize;
  /** The site's configured address (never the request's Host), for building URLs on the same site. */
  origin: string;
}

export interface Provisioner {
  provision(request: ProvisionRequest): Promise<{ accessUrl: string }>;
  /** Destroys the instance and every piece of its data; must succeed when it is already gone. */
  destroy(org: string, instanceUuid: string): Promise<void>;
}
