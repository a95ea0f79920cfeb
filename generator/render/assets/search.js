// The search page. Where a function serves it, /search/?q= arrives with its results rendered
// on the server and this script does nothing. A static mirror serves the plain page for any
// query: this fills in the results from the static index, with the same rules and the same
// words as the server's page. Should the index not load, it says that search needs the full
// site, and links to it when that is elsewhere.
const query = new URLSearchParams(location.search).get('q') ?? '';
const form = document.querySelector('form.site-search');

if (form && query.trim() !== '' && !document.querySelector('.search-outcome')) {
  form.querySelector('input[name="q"]').value = query;
  try {
    // The index's header is asked for while the engine loads, not after: it is revalidated on every use.
    const header = fetch('/assets/search-index.json', { headers: { Accept: 'application/json' } });
    const engine = await import('/assets/search-engine.js');
    const { title, outcomeHtml } = await engine.searchPage(query, header);
    // The outcome is the server's HTML, every part of the query and the records escaped in it.
    form.insertAdjacentHTML('afterend', outcomeHtml);
    document.title = title + document.title.slice(engine.NO_SEARCH_TITLE.length);
  } catch {
    unavailable();
  }
}

function unavailable() {
  const note = document.createElement('p');
  note.className = 'search-unavailable';
  note.setAttribute('role', 'status');
  note.append('Search is not available on this copy of the site.');
  const canonical = document.querySelector('link[rel="canonical"]');
  const site = canonical ? new URL(canonical.href) : undefined;
  if (site && site.origin !== location.origin) {
    site.search = new URLSearchParams({ q: query }).toString();
    const link = document.createElement('a');
    link.href = site.href;
    link.textContent = `Search for “${query.trim()}” on ${site.host}`;
    note.append(' ', link, '.');
  }
  form.after(note);
}
