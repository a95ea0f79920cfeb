/** A request body that could not be read as JSON, with the status and Error text to answer. */
export interface BodyProblem {
  status: 400 | 413 | 415;
  message: string;
  hint: string;
}

export const MAX_BODY_BYTES = 32 * 1024;

/**
 * Reads a JSON request body without ever holding more than `maxBytes`: a declared
 * Content-Length over the cap is refused before reading, and a body that turns out
 * longer is cut off as soon as it crosses the cap.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<{ ok: true; value: unknown } | { ok: false; problem: BodyProblem }> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' && !type.endsWith('+json')) {
    return { ok: false, problem: { status: 415, message: `The request body is ${type ? `"${type}"` : 'of no declared type'}, not JSON.`, hint: 'Send the body as JSON with Content-Type: application/json.' } };
  }
  const tooLarge: BodyProblem = { status: 413, message: `The request body is larger than ${maxBytes / 1024} KiB.`, hint: 'Send only the documented fields; a message is at most 5000 characters.' };
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, problem: tooLarge };

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { ok: false, problem: tooLarge };
      }
      chunks.push(value);
    }
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks));
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, problem: { status: 400, message: `The request body is not valid JSON (${(error as Error).message}).`, hint: 'Send a JSON object such as {"email": "you@example.com"}.' } };
  }
}
