import { paths } from '../../../core/paths.ts';
import type { Corpus } from '../../model/corpus.ts';
import {
  bullets,
  classed,
  date,
  heading,
  link,
  listItem,
  looseList,
  paragraph,
  strong,
  text,
  titled,
} from './mdast-builders.ts';
import type { SitePage } from './site-page.ts';

function formatPrice(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 0,
  }).format(amount);
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
      // One card per plan rather than a table: a plan's trial terms are a sentence, which a table column squeezed on a phone. Plans are named by their name; their ids are for the API (pricing.json).
      classed(
        looseList(
          p.plans.map((plan) =>
            listItem(
              paragraph(strong(plan.name)),
              paragraph(text(`${formatPrice(plan.price, p.currency)} a ${plan.interval}`)),
              paragraph(text(plan.trial)),
            ),
          ),
        ),
        'plans',
      ),
      heading(2, 'Every plan includes'),
      bullets(p.includes.map((i) => [text(i)])),
      heading(2, 'Supported browsers'),
      bullets(p.supportedBrowsers.map((b) => [text(b)])),
      heading(2, 'Install'),
      paragraph(link(p.installUrl, `Install ${p.product} from the extension store`), text('.')),
      paragraph(
        text('Prices last changed '),
        date(p.lastUpdated),
        text('. As JSON: '),
        link(paths.apiPricing, paths.apiPricing),
        text('.'),
      ),
    ]),
  };
}
