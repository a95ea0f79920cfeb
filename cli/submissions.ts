import { parseArgs } from 'node:util';
import { loadSubmissions, toCsv } from '../runtime/submissions/export-submissions.ts';
import { SUBMISSION_KINDS, type SubmissionKind } from '../core/submissions.ts';
import { STORE_KINDS, withStore } from './open-store.ts';

const USAGE = `Usage: npm run submissions -- export --list ${SUBMISSION_KINDS.join('|')} --format csv|json [--store ${STORE_KINDS}]
Writes every submission of the list to standard output, oldest first.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    list: { type: 'string' },
    format: { type: 'string', default: 'csv' },
    store: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const list = values.list as SubmissionKind | undefined;
if (
  values.help ||
  positionals[0] !== 'export' ||
  !list ||
  !SUBMISSION_KINDS.includes(list) ||
  !['csv', 'json'].includes(values.format!)
) {
  console.error(
    values.help
      ? ''
      : 'Expected: export, a --list from the choices below, and --format csv or json.',
  );
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}

try {
  const records = await withStore(values.store, (store) => loadSubmissions(store, list));
  process.stdout.write(
    values.format === 'json' ? `${JSON.stringify(records, null, 2)}\n` : toCsv(list, records),
  );
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
