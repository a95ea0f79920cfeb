import type { PhrasingContent } from 'mdast';
import { escapeHtml } from './layout.ts';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2026-10-14" -> "14 October 2026" (UTC, English month names), the same on every machine. */
export function readableDate(iso: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new Error(`readableDate: "${iso}" is not a YYYY-MM-DD date`);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** `<time datetime="2026-10-14">14 October 2026</time>` */
export function timeElement(iso: string): string {
  return `<time datetime="${escapeHtml(iso.slice(0, 10))}">${escapeHtml(readableDate(iso))}</time>`;
}

/**
 * The same `<time>` element inside a Markdown tree: the HTML page gets the element, the
 * Markdown twin the readable date (in emphasis, the one node that carries it as text).
 */
export function timeNode(iso: string): PhrasingContent {
  return { type: 'emphasis', data: { hName: 'time', hProperties: { dateTime: iso.slice(0, 10) } }, children: [{ type: 'text', value: readableDate(iso) }] };
}
