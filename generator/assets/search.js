// Runs the site search against /api/v1/search and lists the results, built with DOM nodes only.
const form = document.querySelector('form.site-search');
const input = document.querySelector('#search-q');
const status = document.querySelector('.search-status');
const list = document.querySelector('.search-results');

async function run(query) {
  list.replaceChildren();
  if (!query.trim()) return;
  status.textContent = 'Searching…';
  try {
    const response = await fetch(`/api/v1/search?q=${encodeURIComponent(query)}&limit=50`, { headers: { Accept: 'application/json' } });
    const answer = await response.json();
    if (!response.ok) {
      status.textContent = `${answer.message} ${answer.hint}`;
      return;
    }
    status.textContent = answer.total === 0 ? `No results for “${query}”.` : `${answer.total} result${answer.total === 1 ? '' : 's'} for “${query}”.`;
    for (const hit of answer.data) {
      const item = document.createElement('li');
      const anchor = document.createElement('a');
      anchor.href = new URL(hit.url).pathname;
      anchor.textContent = hit.title;
      const meta = document.createElement('span');
      meta.className = 'search-meta';
      meta.textContent = ` (${hit.collection})`;
      const summary = document.createElement('p');
      summary.textContent = hit.summary;
      item.append(anchor, meta, summary);
      list.append(item);
    }
  } catch {
    status.textContent = 'Search is not available here: this copy of the site may be served without its functions.';
  }
}

const initial = new URLSearchParams(location.search).get('q') ?? '';
input.value = initial;
run(initial);
form.addEventListener('submit', (event) => {
  event.preventDefault();
  history.replaceState(null, '', `?q=${encodeURIComponent(input.value)}`);
  run(input.value);
});
