/**
 * Organization and instance ids are UUIDs. RFC 9562 asks for UUIDs to be read in either
 * case and written in lowercase, so an id in capitals names the same organization; the
 * canonical form is what the store, URLs and output use. Anything that is not a UUID is
 * refused before it reaches the store.
 */
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** The lowercase form of a UUID, or undefined when the text is not one. */
export function canonicalUuid(text: string): string | undefined {
  return UUID.test(text) ? text.toLowerCase() : undefined;
}

/** For ids that must already be canonical (validated where they came in): anything else is a programming error. */
export function assertCanonicalUuid(text: string, what: string): string {
  if (canonicalUuid(text) !== text)
    throw new Error(`${what} ${JSON.stringify(text)} is not a lowercase UUID`);
  return text;
}
