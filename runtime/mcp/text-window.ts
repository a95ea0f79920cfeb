/** A part of a long text: `text` from `offset`, and where the next part starts when there is more. */
export interface TextWindow {
  text: string;
  nextOffset?: number;
}

/**
 * At most `maxChars` of `text` from `offset`. A cut falls after the last line break of the
 * part's second half, else after its last space, so a part ends between lines or words
 * where it can; never between the two halves of a surrogate pair. The next part starts
 * exactly where this one ends.
 */
export function textWindow(text: string, offset: number, maxChars: number): TextWindow {
  const limit = offset + maxChars;
  if (limit >= text.length) return { text: text.slice(offset) };
  const half = offset + maxChars / 2;
  const breakAt = (separator: string) => {
    const at = text.lastIndexOf(separator, limit - 1);
    return at >= half ? at + 1 : undefined;
  };
  let end = breakAt('\n') ?? breakAt(' ') ?? limit;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff && end - 1 > offset) end -= 1;
  return { text: text.slice(offset, end), nextOffset: end };
}
