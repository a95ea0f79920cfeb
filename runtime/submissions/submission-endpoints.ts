import { clientKey } from '../client-address.ts';
import { readJsonBody } from '../read-json-body.ts';
import type { Mailer } from '../mail/mailer.ts';
import { ACKNOWLEDGEMENT_LIMIT, SENDER_RATE_LIMIT, type RateLimitPolicy } from '../../core/limits.ts';
import { rateLimitHeaders, type RateLimiter } from '../rate-limit.ts';
import type { ServiceData } from '../service-data.ts';
import type { Store } from '../store/store.ts';
import { errorResponse, jsonResponse } from '../responses.ts';
import { acceptContact, acceptSignup, quarantine, type SubmissionServices } from './accept-submission.ts';
import { SUBMISSION_KINDS, SUBMISSION_PATHS, type SubmissionKind } from '../../core/submissions.ts';
import { createStoredRateLimiter } from '../stored-rate-limit.ts';
import { validateSubmission } from './validate-submission.ts';

const kindOf = (pathname: string): SubmissionKind | undefined =>
  SUBMISSION_KINDS.find((kind) => SUBMISSION_PATHS[kind] === pathname.replace(/\/$/, ''));

const CONFIRMATIONS: Record<SubmissionKind, string> = {
  contact: 'Thank you: your message has been sent to the team, and a confirmation is on its way to you.',
  newsletter: 'You are subscribed to the newsletter.',
  waitlist: 'You are on the waitlist; we will write when there is room for you.',
  'sandbox-early-access': 'Your request for sandbox early access is registered.',
};

export interface SubmissionEndpointOptions extends SubmissionServices {
  /** 5 requests per 10 minutes per sender, across the four endpoints. */
  senderLimiter: RateLimiter;
  docs: string;
}

/**
 * The handler of the four endpoints; undefined for any other path. Order matters: method,
 * size (declared, then as read), sender limit, body, validation; only a valid submission
 * is stored.
 */
export function createSubmissionEndpoints(options: SubmissionEndpointOptions) {
  const fail = (code: Parameters<typeof errorResponse>[0], message: string, hint: string, headers: HeadersInit = {}, status?: number) =>
    errorResponse(code, message, hint, options.docs, headers, status);

  return async function submissions(request: Request, sender: string): Promise<Response | undefined> {
    const kind = kindOf(new URL(request.url).pathname);
    if (!kind) return undefined;
    // An unexpected failure is the request guard's: a 500 Error naming the request id, and one JSON log line with it.
    return handle(kind, request, sender);
  };

  async function handle(kind: SubmissionKind, request: Request, sender: string): Promise<Response> {
    if (request.method !== 'POST') {
      return fail('method_not_allowed', `${request.method} is not supported on ${SUBMISSION_PATHS[kind]}.`, 'Send the form as a POST with a JSON body.', { Allow: 'POST' });
    }
    // Read (at most the cap; a declared length over it reads nothing) before counting: an
    // upload refused for its size costs no store access and none of the sender's budget.
    const body = await readJsonBody(request);
    if (!body.ok && body.problem.status === 413) return fail('invalid_request', body.problem.message, body.problem.hint, {}, 413);
    const decision = await options.senderLimiter.take(clientKey(sender));
    if (!decision.allowed) {
      return fail(
        'rate_limited',
        `Too many submissions: at most ${decision.limit} per ${decision.policy.windowSeconds / 60} minutes from one sender.`,
        `Wait ${decision.resetSeconds} seconds (Retry-After) and send it again; nothing from the refused request was kept.`,
        rateLimitHeaders(decision),
      );
    }
    if (!body.ok) return fail('invalid_request', body.problem.message, body.problem.hint, {}, body.problem.status);
    const validated = kind === 'contact' ? validateSubmission('contact', body.value) : validateSubmission(kind, body.value);
    if (!validated.ok) return fail(validated.rejection.code, validated.rejection.message, validated.rejection.hint);

    const success = () => jsonResponse({ success: true, message: CONFIRMATIONS[kind] });
    if (validated.honeypot !== undefined) {
      await quarantine(options, kind, validated.value, validated.honeypot, sender);
      return success();
    }
    if (kind !== 'contact') {
      await acceptSignup(options, kind, validated.value);
      return success();
    }
    const outcome = await acceptContact(options, validated.value as Parameters<typeof acceptContact>[1], sender);
    if (outcome === 'not_configured') {
      return fail('not_configured', 'Your message is saved, but this server has no mail delivery configured.', 'No change is needed on your side: the team will deliver it once mail is configured. Please do not send it again.');
    }
    if (outcome === 'delivery_failed') {
      return fail('upstream_error', 'Your message is saved, but the mail server did not confirm its delivery.', 'No change is needed on your side: the team will see your message and mail is retried. Please do not send it again.');
    }
    return success();
  }
}

/**
 * The endpoints as both hosts configure them: addresses from the environment (CONTACT_TO,
 * MAIL_FROM) or the site settings, and the contract's limits counted in the store, so
 * they hold across every instance that shares it.
 */
export function submissionServicesFor(data: ServiceData, { store, mailer, now }: { store: Store; mailer: Mailer | undefined; now?: () => number }): SubmissionServices {
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
  { store, mailer, now, senderLimit = SENDER_RATE_LIMIT }: { store: Store; mailer: Mailer | undefined; now?: () => number; senderLimit?: RateLimitPolicy },
) {
  return createSubmissionEndpoints({
    ...submissionServicesFor(data, { store, mailer, now }),
    senderLimiter: createStoredRateLimiter(store, 'sender', senderLimit, now),
    docs: data.docs,
  });
}
