import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_KEYS, COLLECTIONS, type CollectionKey } from '../core/collections.ts';
import { labelOf, referrerLabel } from '../generator/render/field-labels.ts';
import { parseMarkdown, wordCount } from '../generator/markdown/markdown.ts';
import { readableDate, timeElement } from '../generator/render/pages/readable-date.ts';
import { readingMinutes } from '../generator/render/pages/reading-time.ts';
import { REFERENCE_FIELDS } from '../generator/model/record-relations.ts';
import { frontmatterSchema, type JsonSchema } from '../generator/model/schemas/content.ts';
import { valueLabel } from '../generator/render/value-labels.ts';
import { buildSite, type BuiltSite } from './support/built-site.ts';

/** Record and collection pages of the shipped content, as people and agents read them. */
let site: BuiltSite;
type Data = Record<string, unknown> & {
  slug: string;
  title: string;
  summary: string;
  category: string;
  lastUpdated: string;
  body: string;
};
const records = {} as Record<CollectionKey, Data[]>;

beforeAll(async () => {
  site = await buildSite();
  for (const key of COLLECTION_KEYS) {
    // The summaries list is in the collection's published order.
    const order = await site.json<{ slug: string }[]>(`_data/summaries/${key}.json`);
    records[key] = await Promise.all(
      order.map(
        async ({ slug }) => (await site.json<{ data: Data }>(`api/v1/${key}/${slug}.json`)).data,
      ),
    );
  }
});

const page = (key: CollectionKey, slug: string) => site.read(`${key}/${slug}/index.html`);
const twin = (key: CollectionKey, slug: string) => site.read(`${key}/${slug}/index.html.md`);
const main = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)![1]!;
/** What a reader sees: the text without tags (and so without attributes). */
const visible = (html: string) => html.replace(/<[^>]+>/g, '');
const escaped = (s: string) => s.replace(/&/g, '&#x26;').replace(/</g, '&#x3C;');
const everyRecord = () =>
  COLLECTION_KEYS.flatMap((key) => records[key].map((record, i) => ({ key, record, i })));

describe('readable dates', () => {
  it('name the day, the month in English and the year, in UTC, inside <time>', () => {
    expect(readableDate('2026-10-14')).toBe('14 October 2026');
    expect(readableDate('2026-01-05')).toBe('5 January 2026');
    expect(timeElement('2026-10-14')).toBe('<time datetime="2026-10-14">14 October 2026</time>');
    expect(() => readableDate('2026-13-45')).toThrow(/not a date/);
  });

  it('replace every ISO date people read on record, collection and pricing pages and their twins', async () => {
    const pages = [
      ...COLLECTION_KEYS.flatMap((key) => [
        `${key}/index.html`,
        ...records[key].map((r) => `${key}/${r.slug}/index.html`),
      ]),
      'pricing/index.html',
    ];
    for (const file of pages) {
      expect(visible(main(await site.read(file))), file).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
      expect(await site.read(`${file}.md`), file).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    }
    for (const { key, record } of everyRecord()) {
      expect(await page(key, record.slug)).toContain(
        timeElement(String(record.published ?? record.lastUpdated)),
      );
    }
  });
});

describe('badges and labels', () => {
  it('label every enumerated value and every reference of the schemas', () => {
    for (const key of COLLECTION_KEYS) {
      for (const [field, property] of Object.entries(
        frontmatterSchema(key).properties as Record<string, JsonSchema>,
      )) {
        for (const value of (property.enum as string[] | undefined) ?? [])
          expect(valueLabel(field, value), `${key}.${field}: ${value}`).not.toBe(value);
      }
    }
    expect(REFERENCE_FIELDS.length).toBeGreaterThan(0);
    for (const { collection, field } of REFERENCE_FIELDS)
      expect(referrerLabel(collection, field)).toBeTruthy();
  });

  it('show category and severity in words, never as codes', async () => {
    for (const { key, record } of everyRecord()) {
      const html = await page(key, record.slug);
      expect(html, record.slug).toContain(
        `<span class="badge badge-category badge-category-${record.category}">Category: ${escaped(valueLabel('category', record.category))}</span>`,
      );
      expect(html).not.toContain(`<code>${record.category}</code>`);
      if (key === 'exposures') {
        const severity = String(record.severity);
        expect(html).toContain(
          `<span class="badge badge-severity badge-severity-${severity}">Severity: ${valueLabel('severity', severity)}</span>`,
        );
      }
      expect(await twin(key, record.slug)).toContain(
        `Category: ${valueLabel('category', record.category)}`,
      );
    }
  });

  it('has no Id column in any table of the site', async () => {
    for (const file of await site.files('**/*.html')) {
      const headers = [...(await site.read(file)).matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) =>
        visible(m[1]!).trim().toLowerCase(),
      );
      expect(
        headers.filter((h) => h === 'id' || h.endsWith(' id')),
        file,
      ).toEqual([]);
    }
    expect(await site.read('pricing/index.html.md')).not.toMatch(/\|\s*Id\s*\|/);
  });
});

describe('navigation', () => {
  it('puts every record and collection page in a breadcrumb trail, the page itself current', async () => {
    for (const { key, record } of everyRecord()) {
      const nav = /<nav class="breadcrumbs" aria-label="Breadcrumb">([\s\S]*?)<\/nav>/.exec(
        await page(key, record.slug),
      )?.[1];
      expect(nav, record.slug).toBeDefined();
      const links = [
        ...nav!.matchAll(/<a href="([^"]+)"( aria-current="page")?>([^<]*)<\/a>/g),
      ].map((m) => [m[1], Boolean(m[2]), m[3]]);
      expect(links).toEqual([
        ['/', false, 'Home'],
        [`/${key}/`, false, COLLECTIONS[key].title],
        [`/${key}/${record.slug}/`, true, escaped(record.title)],
      ]);
      expect(await twin(key, record.slug)).not.toContain('Breadcrumb');
    }
    expect(await site.read('threats/index.html')).toContain(
      '<li><a href="/threats/" aria-current="page">Threats</a></li>',
    );
  });

  it("links each record to the ones before and after it in its collection's order, in the HTML page only", async () => {
    for (const { key, record, i } of everyRecord()) {
      const html = await page(key, record.slug);
      const list = records[key];
      const nav = /<nav class="record-pager" aria-label="([^"]+)">([\s\S]*?)<\/nav>/.exec(html);
      expect(nav, record.slug).not.toBeNull();
      expect(nav![1]).toBe(
        key === 'posts'
          ? 'Newer and older posts'
          : `Previous and next in ${COLLECTIONS[key].title}`,
      );
      const rel = (name: string) => new RegExp(`rel="${name}" href="([^"]+)"`).exec(nav![2]!)?.[1];
      expect(rel('prev')).toBe(i > 0 ? `/${key}/${list[i - 1]!.slug}/` : undefined);
      expect(rel('next')).toBe(i < list.length - 1 ? `/${key}/${list[i + 1]!.slug}/` : undefined);
      if (i < list.length - 1) expect(nav![2]).toContain(escaped(list[i + 1]!.title));
      expect(await twin(key, record.slug)).not.toMatch(/^(Previous|Next|Newer post|Older post) /m);
    }
  });
});

describe('related records', () => {
  it('list what a record references, with titles and summaries, on the page and in the twin', async () => {
    for (const { collection, field, target } of REFERENCE_FIELDS) {
      for (const record of records[collection]) {
        const slugs = (record[field] as string[]) ?? [];
        if (!slugs.length) continue;
        const [html, markdown] = [
          await page(collection, record.slug),
          await twin(collection, record.slug),
        ];
        expect(html).toContain(
          `<h3 id="${labelOf(field).toLowerCase().replace(/ /g, '-')}">${labelOf(field)}</h3>`,
        );
        for (const slug of slugs) {
          const referenced = records[target].find((r) => r.slug === slug)!;
          expect(html, `${record.slug} -> ${slug}`).toContain(
            `<a href="/${target}/${slug}/">${escaped(referenced.title)}</a>: ${escaped(referenced.summary)}`,
          );
          expect(markdown).toContain(`](/${target}/${slug}/): `);
        }
      }
    }
  });

  it('list the records that reference a record, under a label saying how', async () => {
    let checked = 0;
    for (const { collection, field, target } of REFERENCE_FIELDS) {
      for (const referenced of records[target]) {
        const referrers = records[collection].filter((r) =>
          ((r[field] as string[]) ?? []).includes(referenced.slug),
        );
        if (!referrers.length) continue;
        const html = await page(target, referenced.slug);
        const section = html
          .split(`>${referrerLabel(collection, field)}</h3>`)[1]
          ?.split('</ul>')[0];
        expect(section, `${target}/${referenced.slug}: ${collection}.${field}`).toBeDefined();
        // In the referring collection's order: the shipped content stays under the listing cap.
        expect([...section!.matchAll(/<a href="([^"]+)">/g)].map((m) => m[1])).toEqual(
          referrers.map((r) => `/${collection}/${r.slug}/`),
        );
        checked++;
      }
    }
    // A threat's controls are listed on each control's glossary page.
    expect(await page('glossary', 'passkeys')).toContain(
      '<a href="/threats/credential-phishing/">',
    );
    expect(checked).toBeGreaterThan(50);
  });
});

describe('posts', () => {
  it('state a reading time of the words at 200 a minute, rounded up, on the page and the posts list', async () => {
    const list = await site.read('posts/index.html');
    for (const post of records.posts) {
      const minutes = Math.ceil(wordCount(parseMarkdown(post.body)) / 200);
      expect(readingMinutes(wordCount(parseMarkdown(post.body)))).toBe(minutes);
      const said = `Reading time: ${minutes} minute${minutes === 1 ? '' : 's'}`;
      expect(await page('posts', post.slug)).toContain(said);
      expect(await twin('posts', post.slug)).toContain(said);
      expect(list.split(`href="/posts/${post.slug}/"`)[1]!.split('</li>')[0]).toContain(said);
    }
  });
});

describe('collection pages', () => {
  it('show each record as a card: its title as a heading link, summary, badges and date, in order', async () => {
    for (const key of COLLECTION_KEYS) {
      const html = main(await site.read(`${key}/index.html`));
      const cards = html
        .split('<ul class="record-cards">')[1]!
        .split('</ul>\n')[0]!
        .split('<li>')
        .slice(1);
      expect(cards).toHaveLength(records[key].length);
      records[key].forEach((record, i) => {
        const card = cards[i]!;
        expect(card).toMatch(new RegExp(`^\\s*<h2 id="[^"]+"><a href="/${key}/${record.slug}/">`));
        expect(card).toContain(`<p>${escaped(record.summary)}</p>`);
        expect(card).toContain(`Category: ${escaped(valueLabel('category', record.category))}`);
        expect(card).toContain(timeElement(String(record.published ?? record.lastUpdated)));
      });
      const markdown = await site.read(`${key}/index.html.md`);
      expect(markdown).toContain(
        `- [${records[key][0]!.title}](/${key}/${records[key][0]!.slug}/)`,
      );
      expect(markdown).not.toContain('Breadcrumb');
    }
  });
});
