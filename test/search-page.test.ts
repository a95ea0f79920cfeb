import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../core/header-policy.ts';
import {
  fillSearchPage,
  NO_SEARCH,
  searchPageTemplate,
  slotMarker,
  type SearchPageTemplate,
} from '../core/search-page-template.ts';
import { PAGE_RESULTS } from '../core/search-outcome.ts';
import { MAX_QUERY_LENGTH } from '../core/search-options.ts';
import { createApp, type App } from '../server/app.ts';
import { prepareSite, type ServedSite } from './support/host-process.ts';

/**
 * /search/?q= rendered on the server, as the local server routes it (the same handler and
 * request guard the Netlify function runs): the site's page with the results, escaped, and
 * the static page itself when there is nothing to search.
 */
let site: ServedSite;
let app: App;
let staticPage: string;

beforeAll(async () => {
  // 9 records per collection: 54 match "record", more than the page lists.
  site = await prepareSite(9);
  app = await createApp({ distDir: site.distDir, dataDir: site.dataDir });
  staticPage = await readFile(path.join(site.distDir, 'search/index.html'), 'utf8');
});

const get = (target: string, init: RequestInit = {}) =>
  app(new Request(`http://127.0.0.1${target}`, init));
const count = (html: string, pattern: RegExp) => html.match(new RegExp(pattern, 'g'))?.length ?? 0;
const searchFor = (q: string) => get(`/search/?q=${encodeURIComponent(q)}`);

describe('the search page template', () => {
  it('is the static search page with slots, which the build fills with nothing searched', async () => {
    const template = JSON.parse(
      await readFile(path.join(site.distDir, '_data/search-page.json'), 'utf8'),
    ) as SearchPageTemplate;
    expect([...new Set(template.slots)].sort()).toEqual(['outcome', 'query', 'title']);
    expect(fillSearchPage(template, NO_SEARCH)).toBe(staticPage);
    expect(staticPage).not.toMatch(/[\u{E000}\u{E001}]/u);
  });

  it('refuses a page that lacks a slot or names an unknown one', () => {
    expect(() =>
      searchPageTemplate(`<title>${slotMarker('title')}</title>${slotMarker('query')}`),
    ).toThrow(/no "outcome" slot/);
    expect(() =>
      searchPageTemplate(
        `${slotMarker('title')}${slotMarker('query')}${slotMarker('outcome')}\u{E000}nope\u{E001}`,
      ),
    ).toThrow(/Unknown search page slot "nope"/);
  });
});

describe('/search/?q=', () => {
  it('lists the results in the site layout, with one h1, the query kept in the box, and the page headers', async () => {
    const res = await searchFor('threats record 1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('netlify-vary')).toBe('query=q');
    expect(res.headers.get('netlify-cdn-cache-control')).toContain('durable');
    expect(res.headers.get('cache-control')).toBeNull();
    const html = await res.text();
    expect(count(html, /<h1[ >]/)).toBe(1);
    expect(html).toContain('<title>Search results for “threats record 1” | ');
    expect(html).toContain('value="threats record 1"');
    expect(html).toContain('<header class="site-header">');
    expect(html).toContain('<footer class="site-footer">');
    expect(html).toMatch(/<h2 id="search-outcome-title">\d+ results? for “threats record 1”<\/h2>/);
    // Best first: the record whose title has every word; links stay on this copy of the site.
    expect(html).toMatch(
      /<ol class="search-results">\n<li><a href="\/threats\/threats-record-1\/">threats record 1 [^<]*<\/a> <span class="search-collection">Threats<\/span>/,
    );
    expect(html).not.toContain('https://detour.example/threats/');
  });

  it('says how many it lists when the search finds more than the page shows', async () => {
    const html = await (await searchFor('record')).text();
    expect(count(html, /<li><a href=/)).toBe(PAGE_RESULTS);
    expect(html).toContain(`The first ${PAGE_RESULTS} results for “record”`);
    expect(html).toContain('Add a word to narrow the search.');
  });

  it('answers a search without results with 200, a heading saying so and links to browse', async () => {
    const res = await searchFor('zzzznothing');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h2 id="search-outcome-title">No results for “zzzznothing”</h2>');
    expect(html).not.toContain('<ol class="search-results">');
    expect(html).toContain('<a href="/glossary/">Glossary</a>');
  });

  it('escapes a hostile query everywhere it shows it', async () => {
    for (const q of [
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      "' autofocus onfocus=alert(1) x='",
      '&lt;b&gt; & </title><h1>x',
    ]) {
      const html = await (await searchFor(q)).text();
      expect(count(html, /<script/), q).toBe(count(staticPage, /<script/));
      expect(count(html, /<h1[ >]/), q).toBe(1);
      expect(html, q).not.toMatch(/<img|<\/title><h1>/);
      const escaped = q
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
      // The query stays inside the attribute value and the title text: no tag or attribute of its own.
      expect(html.match(/<input id="search-q"[^>]*>/)?.[0], q).toBe(
        `<input id="search-q" name="q" type="search" required maxlength="${MAX_QUERY_LENGTH}" autocomplete="off" value="${escaped}">`,
      );
      expect(html.match(/<title>[^<]*<\/title>/)?.[0], q).toMatch(
        new RegExp(
          `^<title>Search results for “${escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}” \\| [^<]+</title>$`,
        ),
      );
    }
  });

  it('is the static page, byte for byte, when q is absent or blank', async () => {
    for (const target of ['/search/', '/search/?q=', '/search/?q=%20%20', '/search/?other=1']) {
      const res = await get(target);
      expect(res.status, target).toBe(200);
      expect(await res.text(), target).toBe(staticPage);
      expect(res.headers.get('x-robots-tag'), target).toBeNull();
      expect(res.headers.get('content-security-policy'), target).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it(`refuses a query over ${MAX_QUERY_LENGTH} characters with a 400 page that keeps it in the box`, async () => {
    const q = `${'phishing '.repeat(60)}<b>`;
    const res = await searchFor(q);
    expect(res.status).toBe(400);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('netlify-vary')).toBeNull();
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const html = await res.text();
    expect(count(html, /<h1[ >]/)).toBe(1);
    expect(html).toContain('This search is too long');
    expect(html).toContain(
      `It has ${q.length} characters; a search can have at most ${MAX_QUERY_LENGTH}.`,
    );
    expect(html).toContain(`value="${q.replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`);
    expect(html).not.toContain('<b>');
    // At the limit, it searches.
    expect((await searchFor('a'.repeat(MAX_QUERY_LENGTH))).status).toBe(200);
  });

  it('answers HEAD without a body, other methods with 405, and the folder without its slash with a redirect keeping the query', async () => {
    const head = await get('/search/?q=record', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get('/search/?q=record', { method: 'POST', body: 'q=x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(post.headers.get('cache-control')).toBe('no-store');
    const bare = await get('/search?q=a%20b');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/search/?q=a%20b');
  });

  it('serves the Markdown twin to a client that asks for Markdown', async () => {
    const res = await get('/search/?q=record', { headers: { Accept: 'text/markdown' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(
      await readFile(path.join(site.distDir, 'search/index.html.md'), 'utf8'),
    );
  });
});
