// Sends the contact page's forms in place. The request is the form post a browser makes
// without JavaScript; the server's answer is shown where the form is: its thank-you text
// in place of the form, or the form as the server gave it back (errors next to the fields,
// what was typed), so both ways read the same. Nothing typed is cleared until it is accepted.

function enhance(form) {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.dataset.sending !== 'true') send(form);
  });
}

async function send(form) {
  const status = form.querySelector('.form-status');
  form.dataset.sending = 'true';
  status.textContent = 'Sending…';
  let response;
  let text = '';
  try {
    response = await fetch(form.getAttribute('action'), { method: 'POST', body: new URLSearchParams(new FormData(form)), headers: { Accept: 'text/html' } });
    text = await response.text();
  } catch {
    status.textContent = 'The form could not be sent: check your connection and send it again. What you typed is still here.';
    form.dataset.sending = 'false';
    return;
  }
  const answer = new DOMParser().parseFromString(text, 'text/html');
  if (response.ok && response.redirected) return confirm(form, answer);
  const returned = answer.getElementById(form.id);
  if (returned instanceof HTMLFormElement) {
    const shown = document.importNode(returned, true);
    shown.querySelector('[autofocus]')?.removeAttribute('autofocus');
    form.replaceWith(shown);
    enhance(shown);
    shown.querySelector('.error-summary')?.focus();
    return;
  }
  // Not the site's own answer: a platform's rate limit, a static mirror without the endpoints.
  status.textContent = `${otherAnswer(response, text)} What you typed is still here.`;
  form.dataset.sending = 'false';
}

/** The thank-you page's heading and text in place of the form, focused, under the form's id so links to it still land. */
function confirm(form, page) {
  const heading = page.querySelector('main h1');
  const box = document.createElement('section');
  box.className = 'form-confirmation';
  box.id = form.id;
  box.tabIndex = -1;
  const title = document.createElement('h2');
  title.id = `${form.id}-confirmation`;
  title.textContent = heading ? heading.textContent : 'Sent';
  box.setAttribute('aria-labelledby', title.id);
  box.append(title, ...[...page.querySelectorAll('main h1 ~ p:not(.thanks-back)')].map((p) => document.importNode(p, true)));
  form.replaceWith(box);
  box.focus();
}

function otherAnswer(response, text) {
  if (response.status === 429) {
    const wait = secondsUntil(response.headers.get('Retry-After'));
    return `Too many forms sent. ${wait === undefined ? 'Please wait a few minutes' : `Please wait ${inWords(wait)}`}, then send it again.`;
  }
  if ((response.headers.get('Content-Type') || '').includes('json')) {
    try {
      const error = JSON.parse(text);
      if (error.message) return `${error.message} ${error.hint || ''}`.trim();
    } catch {
      // Fall through to the status.
    }
  }
  return `The form could not be sent (the server answered ${response.status}). Please send it again later.`;
}

/** Retry-After is seconds or an HTTP date. */
function secondsUntil(value) {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

/** As the server words it (runtime/submissions/form-answer.ts): "45 seconds", "about 7 minutes". */
function inWords(seconds) {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

for (const form of document.querySelectorAll('form.api-form')) enhance(form);
