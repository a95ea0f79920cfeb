/**
 * Lifecycle of each path version (docs/api.md, "Versions"). A version being retired gets a
 * `deprecation` entry here; from the next deploy every response of that version carries
 * Deprecation, Sunset and a successor-version Link.
 */
export interface Deprecation {
  /** Date the deprecation began (YYYY-MM-DD). */
  since: string;
  /** Date the version stops responding (YYYY-MM-DD), at least six months after `since`. */
  sunset: string;
  /** Path of the version that replaces it, e.g. /api/v2. */
  successor: string;
}

export interface ApiVersion {
  prefix: string;
  deprecation?: Deprecation;
}

export const API_VERSIONS: ApiVersion[] = [{ prefix: '/api/v1' }];

/** The version of the read API's description (the OpenAPI document's info.version, the API index's version); the path says v1. */
export const API_VERSION = '1.0.0';
