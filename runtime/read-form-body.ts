import { mediaTypeOf, readCappedBody, type BodyProblem } from './read-capped-body.ts';

/** What an HTML form posts by default, and the only encoding besides JSON the endpoints take. */
export const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Twice the JSON cap: percent-encoding writes a character of CJK text as 9 bytes, so the
 * contact form at its limits (6,204 characters with the hidden source) can reach about
 * 56 KB. A JSON body of the same text is about 19 KB.
 */
export const MAX_FORM_BODY_BYTES = 64 * 1024;

export const isFormPost = (request: Request) => mediaTypeOf(request) === FORM_TYPE;

/**
 * Reads an urlencoded body within `maxBytes` (readCappedBody) as the URL Standard parses
 * it, into one string per name: the first, where a name comes twice. A form sends its
 * line breaks as CR LF; they are read as LF, as a JSON client sends them, so a message
 * typed up to the form's maxlength stays within the endpoint's limit.
 */
export async function readFormBody(
  request: Request,
  maxBytes = MAX_FORM_BODY_BYTES,
): Promise<{ ok: true; value: Record<string, string> } | { ok: false; problem: BodyProblem }> {
  const body = await readCappedBody(request, maxBytes);
  if (!body.ok) return body;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body.bytes);
  } catch {
    return {
      ok: false,
      problem: {
        status: 400,
        message: 'The form data is not valid: its bytes are not UTF-8.',
        hint: 'Send the form from the site, or encode it as UTF-8.',
      },
    };
  }
  // No prototype: a field named __proto__ or constructor is a field like any other.
  const value = Object.create(null) as Record<string, string>;
  for (const [name, raw] of new URLSearchParams(text))
    if (!Object.hasOwn(value, name)) value[name] = raw.replace(/\r\n?/g, '\n');
  return { ok: true, value };
}
