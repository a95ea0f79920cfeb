// The worker thread of the generator when it runs from its TypeScript sources (npm start,
// tests): plain JavaScript, so that Node can start it in any process, with tsx loading the
// TypeScript it runs. The bundled generator of `npm run build` has its own worker.mjs,
// beside the bundle (run-bundled.mjs).
import { tsImport } from 'tsx/esm/api';

await tsImport('./worker.ts', import.meta.url);
