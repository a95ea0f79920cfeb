import type { Store } from '../store/store.ts';
import type { SubmissionKind } from '../../core/submissions.ts';

/** The team's way out of the store: every submission of one list, as JSON or CSV. */
const COLUMNS: Record<'contact' | 'signup', string[]> = {
  contact: [
    'id',
    'receivedAt',
    'name',
    'email',
    'company',
    'phone',
    'inquiryType',
    'source',
    'message',
    'acknowledgement',
  ],
  signup: ['email', 'source', 'createdAt', 'updatedAt'],
};

export async function loadSubmissions(
  store: Store,
  list: SubmissionKind,
): Promise<Record<string, unknown>[]> {
  const prefix = list === 'contact' ? 'contact/' : `signups/${list}/`;
  const records = await Promise.all(
    (await store.list(prefix)).map(
      async (key) => (await store.get<Record<string, unknown>>(key))?.value,
    ),
  );
  const time = (r: Record<string, unknown>) => String(r.receivedAt ?? r.createdAt ?? '');
  return records
    .filter((r): r is Record<string, unknown> => r !== undefined)
    .sort((a, b) => time(a).localeCompare(time(b)));
}

/** RFC 4180 quoting; a leading =, +, - or @ is neutralised so spreadsheets never run a cell as a formula. */
function csvCell(value: unknown): string {
  let text = value === undefined || value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(list: SubmissionKind, records: Record<string, unknown>[]): string {
  const columns = COLUMNS[list === 'contact' ? 'contact' : 'signup'];
  return `${[columns.join(','), ...records.map((r) => columns.map((c) => csvCell(r[c])).join(','))].join('\r\n')}\r\n`;
}
