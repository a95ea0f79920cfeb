import { paths, type UrlPath } from '../paths.ts';
import { fieldsOf, SUBMISSION_PATHS, type SubmissionKind } from '../submissions.ts';

/**
 * The site's four forms, one per endpoint: what each asks, in what words. Whether a field
 * is required and how long it may be come from the endpoint's rules (core/submissions.ts),
 * so the form and the validator cannot disagree.
 */
export interface FormControl {
  /** The field's name in the endpoint's body. */
  name: string;
  /** The id of the control is the form's id, a dash and this. */
  id: string;
  label: string;
  type: 'text' | 'email' | 'tel' | 'textarea' | 'select';
  autocomplete?: string;
  /** What a person is asked to do when a required field is empty: "Enter your name". */
  missing?: string;
}

export interface FormDefinition {
  kind: SubmissionKind;
  /** The form element's id, the anchor the site links to (/contact/#newsletter). */
  id: string;
  endpoint: string;
  legend: string;
  button: string;
  controls: readonly FormControl[];
}

const EMAIL: FormControl = {
  name: 'email',
  id: 'email',
  label: 'Email address',
  type: 'email',
  autocomplete: 'email',
  missing: 'Enter your email address',
};

export const FORMS: Readonly<Record<SubmissionKind, FormDefinition>> = {
  contact: {
    kind: 'contact',
    id: 'contact',
    endpoint: SUBMISSION_PATHS.contact,
    legend: 'Write to the team',
    button: 'Send message',
    controls: [
      {
        name: 'name',
        id: 'name',
        label: 'Name',
        type: 'text',
        autocomplete: 'name',
        missing: 'Enter your name',
      },
      EMAIL,
      {
        name: 'company',
        id: 'company',
        label: 'Company',
        type: 'text',
        autocomplete: 'organization',
      },
      { name: 'phone', id: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel' },
      { name: 'inquiryType', id: 'type', label: 'What is it about?', type: 'select' },
      { name: 'message', id: 'message', label: 'Message', type: 'textarea' },
    ],
  },
  newsletter: {
    kind: 'newsletter',
    id: 'newsletter',
    endpoint: SUBMISSION_PATHS.newsletter,
    legend: 'Newsletter',
    button: 'Subscribe',
    controls: [EMAIL],
  },
  waitlist: {
    kind: 'waitlist',
    id: 'waitlist',
    endpoint: SUBMISSION_PATHS.waitlist,
    legend: 'Waitlist',
    button: 'Join the waitlist',
    controls: [EMAIL],
  },
  'sandbox-early-access': {
    kind: 'sandbox-early-access',
    id: 'sandbox',
    endpoint: SUBMISSION_PATHS['sandbox-early-access'],
    legend: 'sandbox early access',
    button: 'Request early access',
    controls: [EMAIL],
  },
};

/** The page a successful form post is sent on to (303 See Other): one per form, saying what happens next. */
export const thanksPath = (kind: SubmissionKind): UrlPath =>
  `${paths.page('contact')}thanks/${kind}/` as UrlPath;

export const controlId = (form: FormDefinition, control: FormControl) => `${form.id}-${control.id}`;

export const isRequired = (form: FormDefinition, control: FormControl) =>
  fieldsOf(form.kind)[control.name]?.required === true;

export const maxLengthOf = (form: FormDefinition, control: FormControl) =>
  fieldsOf(form.kind)[control.name]!.maxLength;
