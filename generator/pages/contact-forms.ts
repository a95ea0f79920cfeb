import { HONEYPOT_FIELD, INQUIRY_TYPES } from '../../core/submissions.ts';
import { escapeHtml } from './layout.ts';

/**
 * The forms of the contact page. They post JSON through /assets/forms.js (the endpoints
 * accept JSON only). The `website` field is the honeypot: hidden from people and
 * assistive technology, filled in only by bots.
 */
const honeypot = `<p class="trap" aria-hidden="true"><label for="${HONEYPOT_FIELD}-%ID%">Leave this field empty</label><input id="${HONEYPOT_FIELD}-%ID%" name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></p>`;

const trap = (id: string) => honeypot.replaceAll('%ID%', id);

function signupForm(id: string, endpoint: string, legend: string, button: string): string {
  return `<form class="api-form" data-endpoint="${endpoint}" method="post" action="${endpoint}">
  <fieldset><legend>${escapeHtml(legend)}</legend>
  <p><label for="${id}-email">Email</label><input id="${id}-email" name="email" type="email" autocomplete="email" required maxlength="254"></p>
  ${trap(id)}
  <input type="hidden" name="source" value="contact-page">
  <p><button type="submit">${escapeHtml(button)}</button></p>
  <p class="form-status" role="status" aria-live="polite"></p>
  </fieldset>
</form>`;
}

export function contactFormsHtml(): string {
  const options = INQUIRY_TYPES.map((t) => `<option value="${t}">${t.replace('-', ' ')}</option>`).join('');
  return `<noscript><p>These forms need JavaScript. Without it, write to us by email.</p></noscript>
<form class="api-form" data-endpoint="/api/contact" method="post" action="/api/contact">
  <fieldset><legend>Write to the team</legend>
  <p><label for="contact-name">Name</label><input id="contact-name" name="name" autocomplete="name" required maxlength="200"></p>
  <p><label for="contact-email">Email</label><input id="contact-email" name="email" type="email" autocomplete="email" required maxlength="254"></p>
  <p><label for="contact-company">Company (optional)</label><input id="contact-company" name="company" autocomplete="organization" maxlength="200"></p>
  <p><label for="contact-phone">Phone (optional)</label><input id="contact-phone" name="phone" type="tel" autocomplete="tel" maxlength="50"></p>
  <p><label for="contact-type">About</label><select id="contact-type" name="inquiryType">${options}</select></p>
  <p><label for="contact-message">Message</label><textarea id="contact-message" name="message" rows="6" maxlength="5000"></textarea></p>
  ${trap('contact')}
  <input type="hidden" name="source" value="contact-page">
  <p><button type="submit">Send</button></p>
  <p class="form-status" role="status" aria-live="polite"></p>
  </fieldset>
</form>
${signupForm('newsletter', '/api/newsletter', 'Newsletter', 'Subscribe')}
${signupForm('waitlist', '/api/waitlist', 'Waitlist', 'Join the waitlist')}
${signupForm('sandbox', '/api/sandbox-early-access', 'sandbox early access', 'Request early access')}
<script src="/assets/forms.js" defer></script>`;
}
