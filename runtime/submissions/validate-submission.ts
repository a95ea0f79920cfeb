import type { ErrorCode } from '../../core/api-error.ts';
import {
  fieldsOf,
  HONEYPOT_FIELD,
  INQUIRY_TYPES,
  type ContactMessage,
  type Signup,
  type SubmissionKind,
} from '../../core/submissions.ts';

/** What is wrong with one field, for a form to say next to it. */
export type FieldProblem =
  | 'missing'
  | 'not_text'
  | 'too_long'
  | 'line_break'
  | 'control'
  | 'unknown_choice'
  | 'invalid_email';

/** A submission that cannot be accepted, with the Error fields to answer it with. */
export interface Rejection {
  code: Extract<ErrorCode, 'invalid_request' | 'missing_field' | 'invalid_email'>;
  message: string;
  hint: string;
  /** The field at fault; absent when the body as a whole is wrong. Never sent in the JSON Error, which keeps its five fields. */
  field?: { name: string; problem: FieldProblem; maxLength?: number; length?: number };
}

/**
 * Pragmatic address check: one @, a dot-separated domain with letters in its last label,
 * no spaces or control characters. Deliverability is the mail server's business.
 */
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function isEmail(value: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  return value.length <= 254 && EMAIL.test(value) && !/[\u0000-\u001f\u007f]/.test(value);
}

/** Control characters no form field carries (tab, CR and LF aside); they only serve to confuse mail clients and logs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** With the u flag a well-formed pair is one code point, so this matches only halves without their partner. */
const LONE_SURROGATE = /\p{Cs}/u;

/** What is kept of a filled honeypot field: enough to recognise a bot's signature, never more. */
export const HONEYPOT_KEPT_LENGTH = 200;

/**
 * `honeypot` is the trap field's text (trimmed, bounded) when a bot filled it in. A
 * refusal lists every field at fault: the JSON answer names the first, a form page shows
 * them all.
 */
export type Validated<T> =
  | { ok: true; value: T; honeypot?: string }
  | { ok: false; rejections: [Rejection, ...Rejection[]] };

/** Checks a parsed body against the endpoint's fields; unknown fields are ignored. */
export function validateSubmission(kind: 'contact', body: unknown): Validated<ContactMessage>;
export function validateSubmission(
  kind: Exclude<SubmissionKind, 'contact'>,
  body: unknown,
): Validated<Signup>;
export function validateSubmission(
  kind: SubmissionKind,
  body: unknown,
): Validated<ContactMessage | Signup> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      rejections: [
        {
          code: 'invalid_request',
          message: 'The request body is not a JSON object.',
          hint: 'Send a JSON object such as {"email": "you@example.com"}.',
        },
      ],
    };
  }
  const input = body as Record<string, unknown>;
  const fields = fieldsOf(kind);
  const allowed = Object.keys(fields).join(', ');
  const value: Record<string, string> = {};
  const rejections: Rejection[] = [];
  const reject = (
    code: Rejection['code'],
    message: string,
    hint: string,
    field: Rejection['field'],
  ) => void rejections.push({ code, message, hint, field });
  for (const [field, rule] of Object.entries(fields)) {
    const raw = input[field];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      if (rule.required)
        reject(
          'missing_field',
          `The field "${field}" is required.`,
          `Add "${field}" to the JSON body; the fields are ${allowed}.`,
          { name: field, problem: 'missing' },
        );
      continue;
    }
    if (typeof raw !== 'string') {
      reject(
        'invalid_request',
        `The field "${field}" must be a string, not ${Array.isArray(raw) ? 'an array' : typeof raw}.`,
        `Send "${field}" as a JSON string.`,
        { name: field, problem: 'not_text' },
      );
      continue;
    }
    const text = raw.trim();
    if (text.length > rule.maxLength) {
      reject(
        'invalid_request',
        `The field "${field}" is ${text.length} characters long; the maximum is ${rule.maxLength}.`,
        `Shorten "${field}" to at most ${rule.maxLength} characters.`,
        {
          name: field,
          problem: 'too_long',
          maxLength: rule.maxLength,
          length: text.length,
        },
      );
    } else if (rule.header && /[\r\n\u0085\u2028\u2029]/.test(text)) {
      reject(
        'invalid_request',
        `The field "${field}" contains a line break.`,
        `Remove carriage returns and line feeds from "${field}"; it must be a single line.`,
        { name: field, problem: 'line_break' },
      );
    } else if (CONTROL.test(text) || LONE_SURROGATE.test(text)) {
      reject(
        'invalid_request',
        `The field "${field}" contains a control character or broken Unicode.`,
        `Send "${field}" as plain text: no control characters other than tab and line breaks, no unpaired surrogates.`,
        {
          name: field,
          problem: 'control',
        },
      );
    } else {
      value[field] = text;
    }
  }
  // After every field's own checks, as the JSON answer has always named them first.
  if (
    value.inquiryType !== undefined &&
    !(INQUIRY_TYPES as readonly string[]).includes(value.inquiryType)
  ) {
    reject(
      'invalid_request',
      `"${value.inquiryType}" is not a known inquiry type.`,
      `Use one of: ${INQUIRY_TYPES.join(', ')}, or leave inquiryType out.`,
      { name: 'inquiryType', problem: 'unknown_choice' },
    );
  }
  if (value.email !== undefined && !isEmail(value.email)) {
    reject(
      'invalid_email',
      `"${value.email}" is not a valid email address.`,
      'Send an address of the form name@example.com.',
      { name: 'email', problem: 'invalid_email' },
    );
  }
  const [first, ...rest] = rejections;
  if (first) return { ok: false, rejections: [first, ...rest] };
  const trap = input[HONEYPOT_FIELD];
  const caught = typeof trap === 'string' && trap.trim() !== '';
  return {
    ok: true,
    value: value as unknown as ContactMessage | Signup,
    ...(caught ? { honeypot: trap.trim().slice(0, HONEYPOT_KEPT_LENGTH) } : {}),
  };
}
