// The header search box as an ARIA 1.2 combobox: results from /api/v1/search as you type,
// in a listbox under the box. Where only static files are served (a mirror answers the API's
// search with 501), the results come from the static index instead, by the same rules.
// Such a host is remembered for its origin, so the box of a later page asks the static index
// directly, and starts loading what every query needs as the reader focuses it: by the
// time the first words are typed, a search reads only its terms' files and its results'.
// Without this script the box is a plain form that submits to /search/?q=, which the server
// answers with the results. Built with DOM nodes only, under the site's CSP (no inline
// script or style).
const LIMIT = 8;
const DEBOUNCE_MS = 200;
const STATIC_SEARCH_KEY = 'search-box:static';

// Storage may be refused (a privacy setting, a full quota): the box then learns it page by page.
function rememberedStatic() {
  try {
    return localStorage.getItem(STATIC_SEARCH_KEY) === 'yes';
  } catch {
    return false;
  }
}

function rememberStatic() {
  try {
    localStorage.setItem(STATIC_SEARCH_KEY, 'yes');
  } catch {}
}

const staticEngine = () => import('/assets/search-engine.js');

document.querySelectorAll('form[data-search-box]').forEach((form, n) => enhance(form, `search-box-${n + 1}`));

function enhance(form, id) {
  const input = form.querySelector('input[name="q"]');
  if (!input) return;

  const list = document.createElement('div');
  list.id = `${id}-results`;
  list.className = 'search-box-results';
  list.setAttribute('role', 'listbox');
  list.setAttribute('aria-label', 'Search results');
  list.hidden = true;
  // A polite live region: the count of results is read once they arrive, not each keystroke.
  const status = document.createElement('p');
  status.className = 'search-box-status';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  form.append(list, status);

  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', list.id);
  input.setAttribute('autocomplete', 'off');

  let options = [];
  let active = -1;
  let timer;
  let controller;
  // Set once the API answered that this host has no search function: then the static index
  // answers. The static index is on every host and follows the API's rules, so a host that
  // later runs functions still gets the same results.
  let staticSearch = rememberedStatic();

  function setActive(index) {
    options[active]?.setAttribute('aria-selected', 'false');
    active = index;
    const option = options[active];
    if (!option) {
      input.removeAttribute('aria-activedescendant');
      return;
    }
    option.setAttribute('aria-selected', 'true');
    input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  }

  function open() {
    if (options.length === 0) return;
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  }

  function close() {
    setActive(-1);
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
  }

  function forget() {
    clearTimeout(timer);
    controller?.abort();
    close();
    options = [];
    list.replaceChildren();
    status.textContent = '';
  }

  function show(query, hits) {
    close();
    options = hits.map((hit, i) => {
      const option = document.createElement('a');
      option.id = `${id}-option-${i + 1}`;
      option.className = 'search-box-option';
      option.setAttribute('role', 'option');
      option.setAttribute('aria-selected', 'false');
      option.tabIndex = -1;
      // The record's path: the result opens on this copy of the site, whatever its canonical address.
      option.href = new URL(hit.url, location.href).pathname;
      const title = document.createElement('span');
      title.className = 'search-box-title';
      title.textContent = hit.title;
      const collection = document.createElement('span');
      collection.className = 'search-box-collection';
      collection.textContent = collectionName(hit.collection);
      option.append(title, ' ', collection);
      return option;
    });
    list.replaceChildren(...options);
    const quoted = `“${query.trim()}”`;
    status.textContent =
      hits.length === 0
        ? `No results for ${quoted}.`
        : hits.length === LIMIT
          ? `The first ${LIMIT} results for ${quoted}. Enter shows them all.`
          : `${hits.length} result${hits.length === 1 ? '' : 's'} for ${quoted}.`;
    // Results that arrive after the reader left the box wait for its return (a click or an arrow key).
    if (document.activeElement === input) open();
  }

  async function search(query) {
    controller?.abort();
    controller = new AbortController();
    const { signal } = controller;
    if (staticSearch) return searchStatic(query, signal);
    try {
      const response = await fetch(`/api/v1/search?q=${encodeURIComponent(query)}&limit=${LIMIT}`, { signal, headers: { Accept: 'application/json' } });
      if (response.status === 501) {
        staticSearch = true;
        rememberStatic();
        return searchStatic(query, signal);
      }
      const answer = await response.json();
      if (signal.aborted) return;
      if (response.ok) return show(query, answer.data);
      close();
      status.textContent =
        response.status === 429
          ? 'Too many searches in a minute: wait a moment, or press Enter to open the search page.'
          : 'Results as you type are not available on this copy of the site.';
    } catch {
      // An aborted request was overtaken by newer typing; anything else is a network failure.
      if (signal.aborted) return;
      unavailable();
    }
  }

  async function searchStatic(query, signal) {
    try {
      const engine = await staticEngine();
      const hits = await engine.search(query, LIMIT);
      // Newer typing overtook this search: its results are not shown.
      if (!signal.aborted) show(query, hits);
    } catch {
      if (!signal.aborted) unavailable();
    }
  }

  function unavailable() {
    close();
    status.textContent = 'Results as you type are not available on this copy of the site.';
  }

  // A failed warm-up is left to the search that follows, which says search is unavailable.
  input.addEventListener(
    'focus',
    () => {
      if (staticSearch)
        staticEngine().then((engine) => engine.warm()).catch(() => {});
    },
    { once: true },
  );

  input.addEventListener('input', () => {
    clearTimeout(timer);
    // Enter now submits what was typed, not an option of an older query.
    setActive(-1);
    const query = input.value;
    if (query.trim() === '') return forget();
    timer = setTimeout(() => search(query), DEBOUNCE_MS);
  });

  input.addEventListener('keydown', (event) => {
    if (event.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (options.length === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        const from = list.hidden ? -1 : active;
        open();
        setActive(from === -1 ? (step === 1 ? 0 : options.length - 1) : (from + step + options.length) % options.length);
        return;
      }
      case 'Enter':
        // With no option chosen, the form submits: /search/?q=, the full results.
        if (list.hidden || active === -1) return;
        event.preventDefault();
        location.assign(options[active].href);
        return;
      case 'Escape':
        // First Escape closes the list, the second clears the box (as a search field does).
        if (!list.hidden) {
          event.preventDefault();
          close();
        } else if (input.value !== '') {
          event.preventDefault();
          input.value = '';
          forget();
        }
        return;
      case 'Tab':
        close();
        return;
    }
  });

  input.addEventListener('click', open);
  // Keep focus in the box while an option is clicked, so the list is still there when the click lands.
  list.addEventListener('mousedown', (event) => event.preventDefault());
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget)) close();
  });
  document.addEventListener('pointerdown', (event) => {
    if (!form.contains(event.target)) close();
  });
}

/** A collection's display name as the site's navigation links to it, else its key. */
function collectionName(key) {
  const link = [...document.querySelectorAll('header nav a')].find((a) => new URL(a.href).pathname === `/${key}/`);
  return link?.textContent.trim() || key;
}
