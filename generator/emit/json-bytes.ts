/** Elements (of an array) or entries (of an object) turned into text at a time. */
const PIECE = 2000;

/**
 * `JSON.stringify(value)` as UTF-8 bytes, made a piece at a time: each top-level array or
 * object is written a few thousand elements or entries at a time, so the whole text never
 * exists as one string. At 50,000 records the search index is 34 MB of JSON, and as a single
 * string 64 MB, because one character beyond Latin-1 makes V8 store every character in
 * two bytes. Only for plain data (no `toJSON`, no values JSON.stringify leaves out).
 */
export function jsonBytes(value: Record<string, unknown>): Buffer {
  const pieces: Buffer[] = [];
  const push = (text: string) => pieces.push(Buffer.from(text));
  push('{');
  for (const [i, [key, member]] of Object.entries(value).entries()) {
    push(`${i ? ',' : ''}${JSON.stringify(key)}:`);
    if (Array.isArray(member)) inPieces('[', ']', member, (group) => JSON.stringify(group));
    else if (member !== null && typeof member === 'object') inPieces('{', '}', Object.entries(member), (group) => JSON.stringify(Object.fromEntries(group)));
    else push(JSON.stringify(member));
  }
  push('}');
  return Buffer.concat(pieces);

  /** A group's text without its own brackets: the elements as they read inside the whole. */
  function inPieces<Item>(open: string, close: string, items: Item[], text: (group: Item[]) => string) {
    push(open);
    for (let start = 0; start < items.length; start += PIECE) push(`${start ? ',' : ''}${text(items.slice(start, start + PIECE)).slice(1, -1)}`);
    push(close);
  }
}
