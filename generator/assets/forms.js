// Sends the contact page's forms as JSON and shows the API's message (or its hint) in place.
for (const form of document.querySelectorAll('form[data-endpoint]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const status = form.querySelector('.form-status');
    const button = form.querySelector('button[type="submit"]');
    const body = {};
    for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim() !== '') body[name] = value;
    button.disabled = true;
    status.textContent = 'Sending…';
    try {
      const response = await fetch(form.dataset.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (response.ok) {
        status.textContent = answer.message;
        form.reset();
      } else {
        status.textContent = `${answer.message} ${answer.hint}`;
      }
    } catch {
      status.textContent = 'The form could not be sent: check your connection and try again.';
    } finally {
      button.disabled = false;
    }
  });
}
