import { escapeHtml } from './layout.ts';
import type { PagerLabels, RecordContext } from './record-context.ts';

/**
 * Navigation within the site's structure, for the HTML page only: a Markdown twin is read
 * on its own by agents, which find their way through llms.txt and the collection pages.
 */
export interface Crumb {
  label: string;
  path: string;
}

/** Home › Collection › Record, the last being the page itself. */
export function breadcrumbsHtml(crumbs: Crumb[]): string {
  const items = crumbs.map(
    (crumb, i) =>
      `<li><a href="${escapeHtml(crumb.path)}"${i === crumbs.length - 1 ? ' aria-current="page"' : ''}>${escapeHtml(crumb.label)}</a></li>`,
  );
  return `<nav class="breadcrumbs" aria-label="Breadcrumb">\n<ol>\n${items.join('\n')}\n</ol>\n</nav>`;
}

/** Links to the records before and after, in the collection's order; nothing for a record alone in its collection. */
export function pagerHtml(
  { previous, next }: RecordContext['neighbours'],
  labels: PagerLabels,
): string {
  const item = (
    rel: 'prev' | 'next',
    record: { path: string; title: string } | undefined,
    label: string,
  ) =>
    record
      ? `<a class="pager-${rel}" rel="${rel}" href="${escapeHtml(record.path)}"><span class="pager-direction">${escapeHtml(label)}</span> <span class="pager-title">${escapeHtml(record.title)}</span></a>`
      : '';
  if (!previous && !next) return '';
  return `<nav class="record-pager" aria-label="${escapeHtml(labels.nav)}">\n${[item('prev', previous, labels.previous), item('next', next, labels.next)].filter(Boolean).join('\n')}\n</nav>`;
}
