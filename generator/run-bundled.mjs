// `npm run build`: runs generator/cli.ts from a bundle, so that a build does not spend a
// second starting a TypeScript loader (tsx) and resolving hundreds of modules through it.
// The bundle is made with esbuild whenever the generator's sources, the shared definitions
// or the lockfile change (its name is a hash of them), and kept in node_modules/.cache/.
// Plain JavaScript: it must start without any loader.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generatorFingerprint } from './model/generator-fingerprint.mjs';

const project = path.resolve(import.meta.dirname, '..');
const bundles = path.join(project, 'node_modules', '.cache', 'generator-bundle');
const fingerprint = generatorFingerprint(project);
const dir = path.join(bundles, fingerprint.slice(0, 16));

if (!existsSync(path.join(dir, 'cli.mjs'))) {
  const { build, stop } = await import('esbuild');
  rmSync(bundles, { recursive: true, force: true });
  await build({
    entryPoints: {
      cli: path.join(project, 'generator/cli.ts'),
      // The one worker entry: each thread loads the chunk of its own job alone.
      worker: path.join(project, 'generator/parallel/worker.ts'),
    },
    splitting: true,
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    // The generator bundles the browser's search engine with esbuild, which runs its own binary from node_modules.
    external: ['esbuild'],
    // Bundled CommonJS dependencies (yaml) still call require.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  // esbuild's service process would otherwise stay for the whole build, holding its memory beside it.
  await stop();
}
process.env.GENERATOR_PROJECT_DIR = project;
process.env.GENERATOR_FINGERPRINT = fingerprint;
await import(pathToFileURL(path.join(dir, 'cli.mjs')).href);
