import { escapeHtml } from './layout.ts';

/**
 * Dates as people read them ("14 October 2026"), from the `YYYY-MM-DD` strings content
 * holds. UTC and English month names, never the machine's zone or locale, so the same
 * content builds the same bytes everywhere.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function parsed(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`"${iso}" is not a date: expected YYYY-MM-DD`);
  return date;
}

export function readableDate(iso: string): string {
  const date = parsed(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** The `datetime` of a date: its UTC day, the day readableDate names. */
export function machineDate(iso: string): string {
  return parsed(iso).toISOString().slice(0, 10);
}

/** The date as a `<time>` element: readable text, and the machine date in `datetime`. */
export function timeElement(iso: string): string {
  return `<time datetime="${escapeHtml(machineDate(iso))}">${readableDate(iso)}</time>`;
}
