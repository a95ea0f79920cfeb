import type { TableRow } from 'mdast';
import { paths } from '../../core/paths.ts';
import type { Corpus } from '../load-content.ts';
import { bullets, date, heading, link, paragraph, text, titled } from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

const row = (cells: string[]): TableRow => ({
  type: 'tableRow',
  children: cells.map((c) => ({ type: 'tableCell', children: [text(c)] })),
});

function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 0 }).format(amount);
}

/** The human pricing page; its Markdown twin is the `machineReadable` pricing document. */
export function pricingPage(corpus: Corpus): SitePage {
  const p = corpus.pricing;
  const title = `${p.product} pricing`;
  return {
    path: paths.pricingPage,
    title,
    description: `Plans, trial terms and supported browsers for ${p.product}.`,
    lastUpdated: p.lastUpdated,
    tree: titled(title, [
      paragraph(text(p.description)),
      heading(2, 'Plans'),
      {
        type: 'table',
        align: ['left', 'right', 'left', 'left'],
        children: [
          // Plans are named by their name; their ids are for the API (pricing.json).
          row(['Plan', `Price (${p.currency})`, 'Billed', 'Trial']),
          ...p.plans.map((plan) => row([plan.name, formatPrice(plan.price, p.currency), `every ${plan.interval}`, plan.trial])),
        ],
      },
      heading(2, 'Every plan includes'),
      bullets(p.includes.map((i) => [text(i)])),
      heading(2, 'Supported browsers'),
      bullets(p.supportedBrowsers.map((b) => [text(b)])),
      heading(2, 'Install'),
      paragraph(link(p.installUrl, `Install ${p.product} from the extension store`), text('.')),
      paragraph(text('Prices last changed '), date(p.lastUpdated), text('. As JSON: '), link(paths.apiPricing, paths.apiPricing), text('.')),
    ]),
  };
}
