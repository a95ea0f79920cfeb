import { SUBMISSION_KINDS, type SubmissionKind } from '../core/submissions.ts';
import { loadSubmissions, toCsv } from '../runtime/submissions/export-submissions.ts';
import { writeOutput } from './command-output.ts';
import { STORE_KINDS, withStore } from './open-store.ts';
import { parseCommandLine, usageErrors } from './command-line.ts';

const USAGE = `Usage: npm run submissions -- export --list ${SUBMISSION_KINDS.join('|')} --format csv|json [--out FILE] [--store ${STORE_KINDS}]
Writes every submission of the list, oldest first, to FILE (replaced whole), or to
standard output (through npm run only with -s, as npm prints its banner there first).`;

const usageError = usageErrors(USAGE);

const OPTIONS = {
  list: { type: 'string' },
  format: { type: 'string', default: 'csv' },
  out: { type: 'string' },
  store: { type: 'string' },
} as const;

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, USAGE, OPTIONS);
  if (typeof parsed === 'number') return parsed;
  const { positionals, values } = parsed;
  const list = values.list as SubmissionKind | undefined;
  if (
    positionals.length !== 1 ||
    positionals[0] !== 'export' ||
    !list ||
    !SUBMISSION_KINDS.includes(list) ||
    !['csv', 'json'].includes(values.format!)
  )
    return usageError(
      'Expected: export, a --list from the choices below, and --format csv or json.',
    );
  if (values.out === '') return usageError('--out needs a FILE.');
  try {
    const records = await withStore(values.store, (store) => loadSubmissions(store, list));
    writeOutput(
      values.format === 'json' ? `${JSON.stringify(records, null, 2)}\n` : toCsv(list, records),
      { out: values.out, script: 'submissions', what: `the ${list} submissions` },
    );
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
