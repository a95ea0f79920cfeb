import type { ErrorCode } from '../../core/api-error.ts';
import { FORMS, thanksPath } from '../../core/forms/forms.ts';
import { fillForms, type FormProblem, type FormState } from '../../core/forms/render-form.ts';
import { SITE_HEADERS } from '../../core/header-policy.ts';
import type { SubmissionKind } from '../../core/submissions.ts';
import type { RateLimitDecision } from '../rate-limit.ts';
import type { Rejection } from './validate-submission.ts';

/**
 * How the submission endpoints answer a form post (docs/decisions.md, "Forms without
 * JavaScript"): the outcome is the one the JSON answer is made from; only its words and
 * markup differ. Success is 303 See Other to the form's thank-you page; anything else is
 * the contact page again, with the status the JSON answer would have, the form as it was
 * sent, and what went wrong at the top of the form and next to each field at fault.
 */
export type Outcome =
  | { accepted: true }
  | {
      accepted: false;
      status: number;
      code: ErrorCode;
      message: string;
      hint: string;
      headers?: HeadersInit;
      /** Every field at fault, when the submission was read but not valid. */
      rejections?: readonly Rejection[];
      /** The sender limit's decision, when that refused it. */
      limited?: RateLimitDecision;
    };

/** A path, not a URL: the browser stays on the host it posted to, and the request's Host plays no part (RFC 9110, 10.2.2). */
export const seeOther = (kind: SubmissionKind) =>
  new Response(null, { status: 303, headers: { Location: thanksPath(kind) } });

export function formAnswer(
  template: string,
  kind: SubmissionKind,
  outcome: Outcome,
  values: Readonly<Record<string, string>> | undefined,
  now: number,
): Response {
  if (outcome.accepted) return seeOther(kind);
  return formPage(
    template,
    kind,
    outcome.status,
    formState(kind, outcome, values, now),
    outcome.headers,
  );
}

/** A form post from another site's page: refused before its body is read. */
export function crossSiteAnswer(template: string, kind: SubmissionKind): Response {
  return formPage(template, kind, 403, {
    title: 'This form came from another website',
    problems: [
      {
        text: 'Forms are taken only from the pages of this site, so that no other site can send them in your name. Nothing was kept: fill in the form below to send it.',
      },
    ],
  });
}

function formPage(
  template: string,
  kind: SubmissionKind,
  status: number,
  state: FormState,
  headers: HeadersInit = {},
): Response {
  const html = fillForms(template, { [kind]: state }).replace('<title>', '<title>Error: ');
  const answer = new Headers(headers);
  for (const [name, value] of Object.entries(SITE_HEADERS)) answer.set(name, value);
  answer.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(html, { status, headers: answer });
}

function formState(
  kind: SubmissionKind,
  outcome: Extract<Outcome, { accepted: false }>,
  values: Readonly<Record<string, string>> | undefined,
  now: number,
): FormState {
  if (outcome.rejections)
    return {
      values,
      problems: outcome.rejections.map((rejection) => fieldProblem(kind, rejection)),
    };
  if (outcome.limited) {
    const { limit, policy, resetSeconds } = outcome.limited;
    const until = new Date(now + resetSeconds * 1000).toISOString().slice(11, 16);
    return {
      values,
      title: 'Too many forms sent',
      problems: [
        {
          text: `This connection has sent ${limit} forms in ${policy.windowSeconds / 60} minutes, the most we take. Please wait ${inWords(resetSeconds)} (until ${until} UTC), then send it again: what you typed is still in the form.`,
        },
      ],
    };
  }
  if (outcome.status === 413) {
    return {
      title: 'The form is too large',
      problems: [
        {
          text: 'What you sent is larger than the form can hold, so nothing was kept. A message is at most 5,000 characters: go back to your text, shorten it, and send it again.',
        },
      ],
    };
  }
  if (outcome.status >= 500) return { title: outcome.message, problems: [{ text: outcome.hint }] };
  return {
    title: 'The form did not arrive whole',
    problems: [{ text: `${outcome.message} Nothing was kept: please send it again.` }],
  };
}

/** "1 second", "45 seconds", "about 7 minutes". */
export function inWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** What a person reads next to a field the endpoint refused: the same rule as the JSON Error, in the form's words. */
function fieldProblem(kind: SubmissionKind, rejection: Rejection): FormProblem {
  const form = FORMS[kind];
  const control = form.controls.find((c) => c.name === rejection.field?.name);
  if (!rejection.field || !control)
    return { field: rejection.field?.name, text: `${rejection.message} ${rejection.hint}` };
  const { label } = control;
  const text = {
    missing: control.missing ?? `Enter ${label.toLowerCase()}`,
    invalid_email: 'Enter an email address in the form name@example.com',
    too_long: `${label} must be ${rejection.field.maxLength} characters or fewer; it has ${rejection.field.length}`,
    line_break: `${label} must be on one line`,
    control: `${label} contains characters that cannot be sent, such as control characters: remove them`,
    not_text: `${label} must be text`,
    unknown_choice: `Choose what your message is about from the list`,
  }[rejection.field.problem];
  return { field: control.name, text };
}
