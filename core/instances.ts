/** The proposed instance and key API: its values and states (docs/api.md). */
export const INSTANCE_SIZES = ['small', 'medium', 'large'] as const;
export type InstanceSize = (typeof INSTANCE_SIZES)[number];

export const INSTANCE_STATUSES = ['running', 'stopped', 'terminated'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

/**
 * Transitions (docs/decisions.md). Created instances start running; a provider may
 * stop and restart them; deletion terminates from either state, and terminated is final.
 */
export const INSTANCE_TRANSITIONS: Record<InstanceStatus, readonly InstanceStatus[]> = {
  running: ['stopped', 'terminated'],
  stopped: ['running', 'terminated'],
  terminated: [],
};

export function canTransition(from: InstanceStatus, to: InstanceStatus): boolean {
  return INSTANCE_TRANSITIONS[from].includes(to);
}

export const KEY_SCOPES = ['instances:read', 'instances:write'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

export interface Instance {
  instance_uuid: string;
  status: InstanceStatus;
  image: string;
  size: InstanceSize;
  created_at: string;
  access_url: string;
}

/** One browser image of the catalogue (content/instance-images.yaml). */
export interface InstanceImage {
  id: string;
  browser: string;
  os: string;
}
