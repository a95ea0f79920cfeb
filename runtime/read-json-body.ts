/** A request body that could not be read as JSON, with the status and Error text to answer. */
export interface BodyProblem {
  status: 400 | 413 | 415;
  message: string;
  hint: string;
}

export const MAX_BODY_BYTES = 32 * 1024;
/** Every body the service takes is a flat object; nesting this deep is never a form, only a way to exhaust a parser or a printer. */
export const MAX_JSON_DEPTH = 32;

const tooLarge = (maxBytes: number): BodyProblem => ({
  status: 413,
  message: `The request body is larger than ${maxBytes / 1024} KiB.`,
  hint: 'Send only the documented fields; a message is at most 5000 characters.',
});


/** How deeply arrays and objects nest, without parsing: brackets inside strings do not count. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Reads a JSON request body without ever holding more than `maxBytes`: a declared
 * Content-Length over the cap is refused before reading, and a body that turns out
 * longer is cut off as soon as it crosses the cap. Bytes that are not UTF-8 and nesting
 * deeper than MAX_JSON_DEPTH are refused like malformed JSON.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<{ ok: true; value: unknown } | { ok: false; problem: BodyProblem }> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    return { ok: false, problem: { status: 415, message: `The request body is ${type ? `"${type}"` : 'of no declared type'}, not JSON.`, hint: 'Send the body as JSON with Content-Type: application/json.' } };
  }
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, problem: tooLarge(maxBytes) };

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      // A client that went away or was too slow (the server's request timeout) ends the stream with an error: its fault, not ours.
      const read = await reader.read().catch(() => undefined);
      if (!read) return { ok: false, problem: { status: 400, message: 'The request body ended before it was complete: the connection closed or timed out.', hint: 'Send the whole body at once, within 30 seconds.' } };
      const { done, value } = read;
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { ok: false, problem: tooLarge(maxBytes) };
      }
      chunks.push(value);
    }
  }
  const malformed = (why: string): { ok: false; problem: BodyProblem } => ({
    ok: false,
    problem: { status: 400, message: `The request body is not valid JSON (${why}).`, hint: 'Send a JSON object such as {"email": "you@example.com"}, encoded as UTF-8.' },
  });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    return malformed('its bytes are not UTF-8');
  }
  if (nestingDepth(text) > MAX_JSON_DEPTH) return malformed(`arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return malformed((error as Error).message);
  }
}
