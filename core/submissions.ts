/** The four contact and sign-up endpoints and what each accepts (docs/api.md). */
export const SIGNUP_LISTS = ['newsletter', 'waitlist', 'sandbox-early-access'] as const;
export type SignupList = (typeof SIGNUP_LISTS)[number];
export type SubmissionKind = 'contact' | SignupList;
export const SUBMISSION_KINDS: readonly SubmissionKind[] = ['contact', ...SIGNUP_LISTS];

/** Where each endpoint is. */
export const SUBMISSION_PATHS: Record<SubmissionKind, `/api/${string}`> = {
  contact: '/api/contact',
  newsletter: '/api/newsletter',
  waitlist: '/api/waitlist',
  'sandbox-early-access': '/api/sandbox-early-access',
};

export interface ContactMessage {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  inquiryType?: string;
  message?: string;
  source?: string;
}

export interface Signup {
  email: string;
  source?: string;
}

/** What each field accepts: the validator enforces it, the site's forms declare it (required, maxlength). */
export interface FieldRule {
  required?: boolean;
  maxLength: number;
  /** Ends up in a mail header (From, Reply-To, Subject), so CR and LF would inject headers. */
  header?: boolean;
}

export const CONTACT_FIELDS: Readonly<Record<keyof ContactMessage, FieldRule>> = {
  name: { required: true, maxLength: 200, header: true },
  email: { required: true, maxLength: 254, header: true },
  company: { maxLength: 200, header: true },
  phone: { maxLength: 50, header: true },
  inquiryType: { maxLength: 100, header: true },
  message: { maxLength: 5000 },
  source: { maxLength: 500, header: true },
};

export const SIGNUP_FIELDS: Readonly<Record<keyof Signup, FieldRule>> = {
  email: { required: true, maxLength: 254, header: true },
  source: { maxLength: 500, header: true },
};

export const fieldsOf = (kind: SubmissionKind): Readonly<Record<string, FieldRule>> =>
  kind === 'contact' ? CONTACT_FIELDS : SIGNUP_FIELDS;

/** The hidden form field only bots fill in; see docs/decisions.md. */
export const HONEYPOT_FIELD = 'website';

/** What a contact message can be about: our list, published as the OpenAPI document's enum. */
export const INQUIRY_TYPES = [
  'general',
  'sales',
  'support',
  'security-research',
  'press',
  'partnership',
] as const;
