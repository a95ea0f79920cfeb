// The direction imports may take, checked by `npm test` (dependency-cruiser). The generator
// is a pipeline: load -> render -> emit -> write, run in that order by generator/build.ts.
// A stage imports earlier stages and the layers below every stage; nothing imports upward.
// Type-only imports count: a type is a dependency like any other.

/** The generator's layers, lowest first: each may import only those before it (and itself). */
const LAYERS = [
  'markdown',
  'model',
  'progress',
  'cache',
  'parallel',
  'load',
  'render',
  'emit',
  'write',
];

const layerRules = LAYERS.map((layer, i) => ({
  name: `${layer}-imports-only-earlier-layers`,
  comment: `generator/${layer}/ may import ${LAYERS.slice(0, i + 1).join(', ')}: never a later layer`,
  severity: 'error',
  from: {
    path: `^generator/${layer}/`,
    // The worker entry runs every stage's jobs: it stands above them, like build.ts.
    pathNot: '^generator/parallel/worker\\.ts$',
  },
  to: {
    path: `^generator/(${LAYERS.slice(i + 1).join('|')}|mirror)/|^generator/[^/]+$`,
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other, directly or through others, cannot be read apart.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'generator-builds-from-its-own-sources',
      comment:
        'The build depends on generator/ and core/ alone: they are what its bundle and every cached result are keyed by (model/generator-fingerprint.mjs). The mirror kit is a tool of its own.',
      severity: 'error',
      from: { path: '^generator/', pathNot: '^generator/mirror/' },
      to: { path: '^(runtime|server|functions|edge-functions|cli|bench|scripts|test)/' },
    },
    {
      name: 'served-code-never-runs-the-generator',
      comment:
        'Functions, edge functions and the runtime read what the build wrote; they never build.',
      severity: 'error',
      from: { path: '^(core|runtime|functions|edge-functions)/' },
      to: { path: '^generator/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.mts', '.mjs', '.js'] },
  },
};
