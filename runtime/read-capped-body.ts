/** A request body that could not be read, with the status and Error text to answer. */
export interface BodyProblem {
  status: 400 | 413 | 415;
  message: string;
  hint: string;
}

const tooLarge = (maxBytes: number): BodyProblem => ({
  status: 413,
  message: `The request body is larger than ${maxBytes / 1024} KiB.`,
  hint: 'Send only the documented fields; a message is at most 5000 characters.',
});

/**
 * Reads a request body without ever holding more than `maxBytes`: a declared
 * Content-Length over the cap is refused before reading, and a body that turns out
 * longer is cut off as soon as it crosses the cap.
 */
export async function readCappedBody(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; problem: BodyProblem }> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes)
    return { ok: false, problem: tooLarge(maxBytes) };

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      // A client that went away or was too slow (the server's request timeout) ends the stream with an error: its fault, not ours.
      const read = await reader.read().catch(() => undefined);
      if (!read)
        return {
          ok: false,
          problem: {
            status: 400,
            message:
              'The request body ended before it was complete: the connection closed or timed out.',
            hint: 'Send the whole body at once, within 30 seconds.',
          },
        };
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
  return { ok: true, bytes: Buffer.concat(chunks) };
}

/** The media type of a request's body, lower case, without parameters. */
export const mediaTypeOf = (request: Request) =>
  (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
