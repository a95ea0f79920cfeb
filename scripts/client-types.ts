import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { build } from '../generator/build.ts';
import { PROJECT_DIR } from '../generator/model/generator.ts';

/** Where the client package keeps the types generated from the OpenAPI document. */
export const CLIENT_TYPES_FILE = path.join(PROJECT_DIR, 'client', 'schema.d.ts');

/** The client's types, as openapi-typescript makes them from an OpenAPI document (a file). */
export async function clientTypes(documentFile: string): Promise<string> {
  const ast = await openapiTS(pathToFileURL(documentFile), { exportType: false });
  return `// Made by \`npm run client:types\` from /api/v1/openapi.json of a build of content/: do not edit.\n\n${astToString(ast)}`;
}

/** npm run client:types: builds the shipped content and writes the client's types from its OpenAPI document. */
async function main() {
  const out = await mkdtemp(path.join(tmpdir(), 'client-types-'));
  try {
    await build({ contentDir: path.join(PROJECT_DIR, 'content'), outDir: out });
    await writeFile(CLIENT_TYPES_FILE, await clientTypes(path.join(out, 'api/v1/openapi.json')));
    console.log(`Wrote ${path.relative(process.cwd(), CLIENT_TYPES_FILE)}`);
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
