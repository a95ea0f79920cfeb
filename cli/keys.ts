import { parseArgs } from 'node:util';
import { KEY_SCOPES, type KeyScope } from '../core/instances.ts';
import { issueKey, KeyConflictError } from '../runtime/keys/api-keys.ts';
import { STORE_KINDS, withStore } from './open-store.ts';

const USAGE = `Usage: npm run keys -- issue --org <org_uuid> [--name NAME] [--scopes ${KEY_SCOPES.join(',')}] [--replace] [--store ${STORE_KINDS}]
Creates the organization's API key and prints its secret as the last line. The secret is
shown only here: it is stored as a hash.`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    org: { type: 'string' },
    name: { type: 'string', default: 'default' },
    scopes: { type: 'string', default: KEY_SCOPES.join(',') },
    replace: { type: 'boolean', default: false },
    store: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

const scopes = values.scopes!.split(',').map((s) => s.trim()).filter(Boolean);
const unknown = scopes.filter((s) => !(KEY_SCOPES as readonly string[]).includes(s));
if (values.help || positionals[0] !== 'issue' || !values.org || unknown.length || scopes.length === 0) {
  if (unknown.length) console.error(`Unknown scope ${unknown.join(', ')}: use ${KEY_SCOPES.join(', ')}.`);
  else if (!values.help) console.error('Expected: issue --org <org_uuid>.');
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}

const org = values.org;
try {
  const { secret, key } = await withStore(values.store, (store) => issueKey(store, { org, name: values.name!, scopes: scopes as KeyScope[], replace: values.replace }));
  console.log(`Issued ${key.key_id} "${key.name}" for organization ${values.org} with scopes ${key.scopes.join(', ')}.`);
  console.log('Store the secret now; it cannot be shown again. The secret:');
  console.log(secret);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = error instanceof KeyConflictError ? 3 : 1;
}
