// The dist/ check worker (dist-check-off-thread.ts) when the generator runs from its
// TypeScript sources; the bundled generator of `npm run build` has its own, beside the
// bundle. Plain JavaScript for the reason given in analyze-worker.mjs.
import { tsImport } from 'tsx/esm/api';

await tsImport('./dist-check-thread.ts', import.meta.url);
