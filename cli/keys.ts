import { KEY_SCOPES, type KeyScope } from '../core/instances.ts';
import { canonicalUuid } from '../core/uuid.ts';
import { issueKey, KeyConflictError } from '../runtime/keys/api-keys.ts';
import { STORE_KINDS, withStore } from './open-store.ts';
import { parseCommandLine, usageErrors } from './command-line.ts';

const USAGE = `Usage: npm run keys -- issue --org <org_uuid> [--name NAME] [--scopes ${KEY_SCOPES.join(',')}] [--replace] [--store ${STORE_KINDS}]
Creates the organization's API key and prints its secret as the last line. The secret is
shown only here: it is stored as a hash. An organization has one key: --replace issues a
new one in place of the existing key, which stops working at once.`;

const EXAMPLE_ORG = '7d1f5c1e-6a0b-4c43-9a51-2b7f0e4d9c10';

const usageError = usageErrors(USAGE);

const OPTIONS = {
  org: { type: 'string' },
  name: { type: 'string', default: 'default' },
  scopes: { type: 'string', default: KEY_SCOPES.join(',') },
  replace: { type: 'boolean', default: false },
  store: { type: 'string' },
} as const;

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv, USAGE, OPTIONS);
  if (typeof parsed === 'number') return parsed;
  const { positionals, values } = parsed;
  const [command, ...rest] = positionals;
  if (command !== 'issue')
    return usageError(
      command
        ? `Unknown command "${command}": the command is issue.`
        : 'Which command? The command is issue.',
    );
  if (rest.length)
    return usageError(
      `Unexpected argument "${rest.join(' ')}": every value goes after its option, such as --name "${rest.join(' ')}".`,
    );
  if (values.org === undefined)
    return usageError(
      `Which organization? Give --org with its UUID, such as --org ${EXAMPLE_ORG}.`,
    );
  const org = canonicalUuid(values.org.trim());
  if (!org)
    return usageError(
      `--org "${values.org}" is not an organization id: organization ids are UUIDs, such as ${EXAMPLE_ORG}.`,
    );
  const name = values.name!.trim();
  if (!name || name.length > 100 || /\p{Cc}/u.test(name))
    return usageError(
      `--name "${values.name}" cannot name a key: give 1 to 100 printable characters, such as --name ci.`,
    );
  const scopes = values
    .scopes!.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = scopes.filter((s) => !(KEY_SCOPES as readonly string[]).includes(s));
  if (unknown.length || scopes.length === 0) {
    return usageError(
      `${unknown.length ? `Unknown scope ${unknown.join(', ')}` : 'No scope given'}: use one or more of ${KEY_SCOPES.join(', ')}, separated by commas.`,
    );
  }
  if (values.store !== undefined && !STORE_KINDS.split('|').includes(values.store))
    return usageError(
      `Unknown --store "${values.store}": use one of ${STORE_KINDS.replaceAll('|', ', ')}.`,
    );

  try {
    const { secret, key, replaced } = await withStore(values.store, (store) =>
      issueKey(store, { org, name, scopes: scopes as KeyScope[], replace: values.replace }),
    );
    console.log(
      `Issued ${key.key_id} "${key.name}" for organization ${org} with scopes ${key.scopes.join(', ')}${replaced ? `, replacing ${replaced}, which no longer works` : ''}.`,
    );
    console.log('Store the secret now; it cannot be shown again. The secret:');
    console.log(secret);
    return 0;
  } catch (error) {
    console.error((error as Error).message);
    return error instanceof KeyConflictError ? 3 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
