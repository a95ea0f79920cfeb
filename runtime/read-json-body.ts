import { mediaTypeOf, readCappedBody, type BodyProblem } from './read-capped-body.ts';

export const MAX_BODY_BYTES = 32 * 1024;
/** Every body the service takes is a flat object; nesting this deep is never a form, only a way to exhaust a parser or a printer. */
export const MAX_JSON_DEPTH = 32;

/** How deeply arrays and objects nest, without parsing: brackets inside strings do not count. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) deepest = Math.max(deepest, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}

/**
 * Reads a JSON request body within `maxBytes` (readCappedBody). Bytes that are not UTF-8
 * and nesting deeper than MAX_JSON_DEPTH are refused like malformed JSON.
 */
export async function readJsonBody(
  request: Request,
  maxBytes = MAX_BODY_BYTES,
): Promise<{ ok: true; value: unknown } | { ok: false; problem: BodyProblem }> {
  const type = mediaTypeOf(request);
  if (type !== 'application/json' && !type.endsWith('+json')) {
    return {
      ok: false,
      problem: {
        status: 415,
        message: `The request body is ${type ? `"${type}"` : 'of no declared type'}, not JSON.`,
        hint: 'Send the body as JSON with Content-Type: application/json.',
      },
    };
  }
  const body = await readCappedBody(request, maxBytes);
  if (!body.ok) return body;
  const malformed = (why: string): { ok: false; problem: BodyProblem } => ({
    ok: false,
    problem: {
      status: 400,
      message: `The request body is not valid JSON (${why}).`,
      hint: 'Send a JSON object such as {"email": "you@example.com"}, encoded as UTF-8.',
    },
  });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body.bytes);
  } catch {
    return malformed('its bytes are not UTF-8');
  }
  if (nestingDepth(text) > MAX_JSON_DEPTH)
    return malformed(`arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return malformed((error as Error).message);
  }
}
