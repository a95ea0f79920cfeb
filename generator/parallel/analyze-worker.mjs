// A worker thread of generator/parallel/analyze-files.ts when the generator runs from its
// TypeScript sources (npm start, tests): plain JavaScript, so that Node can start it in any
// process, with tsx loading the TypeScript it runs. The bundled generator of
// `npm run build` has its own analyze-worker.mjs, beside the bundle.
import { tsImport } from 'tsx/esm/api';

await tsImport('./analyze-thread.ts', import.meta.url);
