import type { ErrorCode } from '../../core/api-error.ts';
import { HONEYPOT_FIELD, INQUIRY_TYPES, type ContactMessage, type Signup, type SubmissionKind } from '../../core/submissions.ts';

/** A submission that cannot be accepted, with the Error fields to answer it with. */
export interface Rejection {
  code: Extract<ErrorCode, 'invalid_request' | 'missing_field' | 'invalid_email'>;
  message: string;
  hint: string;
}

interface FieldRule {
  required?: boolean;
  maxLength: number;
  /** Ends up in a mail header (From, Reply-To, Subject), so CR and LF would inject headers. */
  header?: boolean;
}

const CONTACT_FIELDS: Record<keyof ContactMessage, FieldRule> = {
  name: { required: true, maxLength: 200, header: true },
  email: { required: true, maxLength: 254, header: true },
  company: { maxLength: 200, header: true },
  phone: { maxLength: 50, header: true },
  inquiryType: { maxLength: 100, header: true },
  message: { maxLength: 5000 },
  source: { maxLength: 500, header: true },
};

const SIGNUP_FIELDS: Record<keyof Signup, FieldRule> = {
  email: { required: true, maxLength: 254, header: true },
  source: { maxLength: 500, header: true },
};

/**
 * Pragmatic address check: one @, a dot-separated domain with letters in its last label,
 * no spaces or control characters. Deliverability is the mail server's business.
 */
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value) && !/[\u0000-\u001f\u007f]/.test(value);
}

/** Control characters no form field carries (tab, CR and LF aside); they only serve to confuse mail clients and logs. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/** With the u flag a well-formed pair is one code point, so this matches only halves without their partner. */
const LONE_SURROGATE = /\p{Cs}/u;

/** What is kept of a filled honeypot field: enough to recognise a bot's signature, never more. */
export const HONEYPOT_KEPT_LENGTH = 200;

/** `honeypot` is the trap field's text (trimmed, bounded) when a bot filled it in. */
export type Validated<T> = { ok: true; value: T; honeypot?: string } | { ok: false; rejection: Rejection };

/** Checks a parsed JSON body against the endpoint's fields; unknown fields are ignored. */
export function validateSubmission(kind: 'contact', body: unknown): Validated<ContactMessage>;
export function validateSubmission(kind: Exclude<SubmissionKind, 'contact'>, body: unknown): Validated<Signup>;
export function validateSubmission(kind: SubmissionKind, body: unknown): Validated<ContactMessage | Signup> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return reject('invalid_request', 'The request body is not a JSON object.', 'Send a JSON object such as {"email": "you@example.com"}.');
  }
  const input = body as Record<string, unknown>;
  const fields = kind === 'contact' ? CONTACT_FIELDS : SIGNUP_FIELDS;
  const allowed = Object.keys(fields).join(', ');
  const value: Record<string, string> = {};
  for (const [field, rule] of Object.entries(fields)) {
    const raw = input[field];
    if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
      if (rule.required) return reject('missing_field', `The field "${field}" is required.`, `Add "${field}" to the JSON body; the fields are ${allowed}.`);
      continue;
    }
    if (typeof raw !== 'string') {
      return reject('invalid_request', `The field "${field}" must be a string, not ${Array.isArray(raw) ? 'an array' : typeof raw}.`, `Send "${field}" as a JSON string.`);
    }
    const text = raw.trim();
    if (text.length > rule.maxLength) {
      return reject('invalid_request', `The field "${field}" is ${text.length} characters long; the maximum is ${rule.maxLength}.`, `Shorten "${field}" to at most ${rule.maxLength} characters.`);
    }
    if (rule.header && /[\r\n\u0085\u2028\u2029]/.test(text)) {
      return reject('invalid_request', `The field "${field}" contains a line break.`, `Remove carriage returns and line feeds from "${field}"; it must be a single line.`);
    }
    if (CONTROL.test(text) || LONE_SURROGATE.test(text)) {
      return reject('invalid_request', `The field "${field}" contains a control character or broken Unicode.`, `Send "${field}" as plain text: no control characters other than tab and line breaks, no unpaired surrogates.`);
    }
    value[field] = text;
  }
  if (value.inquiryType !== undefined && !(INQUIRY_TYPES as readonly string[]).includes(value.inquiryType)) {
    return reject('invalid_request', `"${value.inquiryType}" is not a known inquiry type.`, `Use one of: ${INQUIRY_TYPES.join(', ')}, or leave inquiryType out.`);
  }
  if (!isEmail(value.email!)) {
    return reject('invalid_email', `"${value.email}" is not a valid email address.`, 'Send an address of the form name@example.com.');
  }
  const trap = input[HONEYPOT_FIELD];
  const caught = typeof trap === 'string' && trap.trim() !== '';
  return { ok: true, value: value as unknown as ContactMessage | Signup, ...(caught ? { honeypot: trap.trim().slice(0, HONEYPOT_KEPT_LENGTH) } : {}) };
}

function reject(code: Rejection['code'], message: string, hint: string): { ok: false; rejection: Rejection } {
  return { ok: false, rejection: { code, message, hint } };
}
