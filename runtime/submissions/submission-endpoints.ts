import type { ErrorCode } from '../../core/api-error.ts';
import { clientKey } from '../client-address.ts';
import { isCrossSite } from '../cross-site-post.ts';
import type { BodyProblem } from '../read-capped-body.ts';
import { isFormPost, readFormBody } from '../read-form-body.ts';
import { readJsonBody } from '../read-json-body.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  ACKNOWLEDGEMENT_LIMIT,
  SENDER_RATE_LIMIT,
  type RateLimitPolicy,
} from '../../core/limits.ts';
import { rateLimitHeaders, type RateLimiter } from '../rate-limit.ts';
import type { ServiceData } from '../service-data.ts';
import type { Store } from '../store/store.ts';
import { ERROR_STATUS, errorResponse, jsonResponse } from '../responses.ts';
import {
  acceptContact,
  acceptSignup,
  quarantine,
  type SubmissionServices,
} from './accept-submission.ts';
import { SUBMISSION_KINDS, SUBMISSION_PATHS, type SubmissionKind } from '../../core/submissions.ts';
import { createStoredRateLimiter } from '../stored-rate-limit.ts';
import { crossSiteAnswer, formAnswer, type Outcome } from './form-answer.ts';
import { validateSubmission } from './validate-submission.ts';

const kindOf = (pathname: string): SubmissionKind | undefined =>
  SUBMISSION_KINDS.find((kind) => SUBMISSION_PATHS[kind] === pathname.replace(/\/$/, ''));

const CONFIRMATIONS: Record<SubmissionKind, string> = {
  contact:
    'Thank you: your message has been sent to the team, and a confirmation is on its way to you.',
  newsletter: 'You are subscribed to the newsletter.',
  waitlist: 'You are on the waitlist; we will write when there is room for you.',
  'sandbox-early-access': 'Your request for sandbox early access is registered.',
};

export interface SubmissionEndpointOptions extends SubmissionServices {
  /** 5 requests per 10 minutes per sender, across the four endpoints. */
  senderLimiter: RateLimiter;
  docs: string;
  /** The contact page with its forms' markers (dist/_data/contact-page.html): what a form post is answered with. */
  contactPage: () => Promise<string>;
}

/**
 * The handler of the four endpoints; undefined for any other path. A form post
 * (application/x-www-form-urlencoded) and a JSON body differ only at the edges: how the
 * body is read and how the outcome is answered (HTML or JSON). In between, the same steps
 * in the same order: size (declared, then as read), sender limit, body, validation; only a
 * valid submission is stored.
 */
export function createSubmissionEndpoints(options: SubmissionEndpointOptions) {
  const now = () => (options.now ?? Date.now)();

  return async function submissions(
    request: Request,
    sender: string,
  ): Promise<Response | undefined> {
    const kind = kindOf(new URL(request.url).pathname);
    if (!kind) return undefined;
    // An unexpected failure is the request guard's: a 500 Error naming the request id, and one JSON log line with it.
    if (request.method !== 'POST') {
      return errorResponse(
        'method_not_allowed',
        `${request.method} is not supported on ${SUBMISSION_PATHS[kind]}.`,
        'Send the form as a POST with a JSON body.',
        options.docs,
        { Allow: 'POST' },
      );
    }
    if (!isFormPost(request))
      return jsonAnswer(kind, await submit(kind, await readJsonBody(request), sender));
    if (isCrossSite(request)) return crossSiteAnswer(await options.contactPage(), kind);
    const body = await readFormBody(request);
    const outcome = await submit(kind, body, sender);
    return formAnswer(
      await options.contactPage(),
      kind,
      outcome,
      body.ok ? body.value : undefined,
      now(),
    );
  };

  function jsonAnswer(kind: SubmissionKind, outcome: Outcome): Response {
    if (outcome.accepted) return jsonResponse({ success: true, message: CONFIRMATIONS[kind] });
    return errorResponse(
      outcome.code,
      outcome.message,
      outcome.hint,
      options.docs,
      outcome.headers,
      outcome.status,
    );
  }

  async function submit(
    kind: SubmissionKind,
    body: { ok: true; value: unknown } | { ok: false; problem: BodyProblem },
    sender: string,
  ): Promise<Outcome> {
    const refuse = (
      code: ErrorCode,
      message: string,
      hint: string,
      more: Partial<Extract<Outcome, { accepted: false }>> = {},
    ): Outcome => ({
      accepted: false,
      status: ERROR_STATUS[code],
      code,
      message,
      hint,
      ...more,
    });
    // Read (at most the cap; a declared length over it reads nothing) before counting: an
    // upload refused for its size costs no store access and none of the sender's budget.
    if (!body.ok && body.problem.status === 413)
      return refuse('invalid_request', body.problem.message, body.problem.hint, { status: 413 });
    const decision = await options.senderLimiter.take(clientKey(sender));
    if (!decision.allowed) {
      return refuse(
        'rate_limited',
        `Too many submissions: at most ${decision.limit} per ${decision.policy.windowSeconds / 60} minutes from one sender.`,
        `Wait ${decision.resetSeconds} seconds (Retry-After) and send it again; nothing from the refused request was kept.`,
        { headers: rateLimitHeaders(decision), limited: decision },
      );
    }
    if (!body.ok)
      return refuse('invalid_request', body.problem.message, body.problem.hint, {
        status: body.problem.status,
      });
    const validated =
      kind === 'contact'
        ? validateSubmission('contact', body.value)
        : validateSubmission(kind, body.value);
    if (!validated.ok) {
      const [first] = validated.rejections;
      return refuse(first.code, first.message, first.hint, { rejections: validated.rejections });
    }

    if (validated.honeypot !== undefined) {
      await quarantine(options, kind, validated.value, validated.honeypot, sender);
      return { accepted: true };
    }
    if (kind !== 'contact') {
      await acceptSignup(options, kind, validated.value);
      return { accepted: true };
    }
    const outcome = await acceptContact(
      options,
      validated.value as Parameters<typeof acceptContact>[1],
      sender,
    );
    if (outcome === 'not_configured') {
      return refuse(
        'not_configured',
        'Your message is saved, but this server has no mail delivery configured.',
        'No change is needed on your side: the team will deliver it once mail is configured. Please do not send it again.',
      );
    }
    if (outcome === 'delivery_failed') {
      return refuse(
        'upstream_error',
        'Your message is saved, but the mail server did not confirm its delivery.',
        'No change is needed on your side: the team will see your message and mail is retried. Please do not send it again.',
      );
    }
    return { accepted: true };
  }
}

/**
 * The endpoints as both hosts configure them: addresses from the environment (CONTACT_TO,
 * MAIL_FROM) or the site settings, and the submission limits counted in the store, so
 * they hold across every instance that shares it.
 */
export function submissionServicesFor(
  data: ServiceData,
  { store, mailer, now }: { store: Store; mailer: Mailer | undefined; now?: () => number },
): SubmissionServices {
  return {
    store,
    mailer,
    teamAddress: process.env.CONTACT_TO ?? data.contactEmail,
    fromAddress: process.env.MAIL_FROM ?? `${data.siteName} <${data.contactEmail}>`,
    siteName: data.siteName,
    ackLimiter: createStoredRateLimiter(store, 'acknowledgement', ACKNOWLEDGEMENT_LIMIT, now),
    now,
  };
}

export function submissionEndpointsFor(
  data: ServiceData,
  {
    store,
    mailer,
    now,
    senderLimit = SENDER_RATE_LIMIT,
  }: {
    store: Store;
    mailer: Mailer | undefined;
    now?: () => number;
    senderLimit?: RateLimitPolicy;
  },
) {
  return createSubmissionEndpoints({
    ...submissionServicesFor(data, { store, mailer, now }),
    senderLimiter: createStoredRateLimiter(store, 'sender', senderLimit, now),
    docs: data.docs,
    contactPage: data.contactPage,
  });
}
