/** A part of a long text: `text` from `offset`, and where the next part starts when there is more. */
export interface TextWindow {
  text: string;
  nextOffset?: number;
}

/**
 * At most `maxChars` of `text` from `offset`. A cut falls after the last line break of the
 * part's second half when there is one, so a part ends between lines, and never between
 * the two halves of a surrogate pair; the next part starts exactly where this one ends.
 */
export function textWindow(text: string, offset: number, maxChars: number): TextWindow {
  const limit = offset + maxChars;
  if (limit >= text.length) return { text: text.slice(offset) };
  const lineEnd = text.lastIndexOf('\n', limit - 1);
  let end = lineEnd >= offset + maxChars / 2 ? lineEnd + 1 : limit;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff && end - 1 > offset) end -= 1;
  return { text: text.slice(offset, end), nextOffset: end };
}
