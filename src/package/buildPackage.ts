// `npm run build:package`: the published package, staged in build/package with a package.json of
// its own, then packed from there (`npm run pack:package`). The repository's package.json is the
// desktop app's (Electron's main, the postinstall that fetches Electron's binary); staging lets
// the package leave both out without rewriting that file around `npm pack` (docs/decisions.md).
//
// esbuild bundles our sources and leaves dependencies as imports, so the installed package runs on
// plain Node without tsx: an ES module build for `import` and the CLI, and a CommonJS one for
// `require()`. rollup-plugin-dts folds the declarations into one file, so a consumer on any
// moduleResolution (bundler, node16, nodenext) gets the same types, for either build.
import { readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { build, type BuildOptions } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';
import { forThePackage } from './packageDocs';
import { writeConfigSchema } from './configSchemaFile';
import { CLI_SPLIT, NODE_BUNDLE } from '../cli/compiledCli.mjs';

export const STAGE = 'build/package';
const DIST = `${STAGE}/dist`;

interface Manifest {
  name: string;
  version: string;
  description: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  [field: string]: unknown;
}

await rm(STAGE, { recursive: true, force: true });

// The same options as the CLI a clone runs (src/cli/compiledCli.mjs), which bundles dependencies too.
const common: BuildOptions = NODE_BUNDLE;

await build({
  ...common,
  ...CLI_SPLIT,
  entryPoints: { index: 'src/core/index.ts', cli: 'src/cli/main.ts' },
  outdir: DIST,
});

// Dependencies stay require()s: the ones that are ES modules only (lowdb, typebox, and
// content-disposition under @fastify/static) load through Node's require(esm), which is why the
// package needs Node 20.19. CommonJS has no import.meta: its one use (finding the package's root)
// gets the same URL from __filename.
await build({
  ...common,
  entryPoints: ['src/core/index.ts'],
  outfile: `${DIST}/index.cjs`,
  format: 'cjs',
  define: { 'import.meta.url': '__packageFileUrl' },
  banner: { js: "const __packageFileUrl = require('node:url').pathToFileURL(__filename).href;" },
});

const declarations = await rollup({
  input: 'src/core/index.ts',
  plugins: [dts({ tsconfig: 'tsconfig.node.json', compilerOptions: { composite: false } })],
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
});
await declarations.write({ file: `${DIST}/index.d.ts`, format: 'es' });
await declarations.close();
// The same declarations, read as CommonJS's (TypeScript takes .d.cts for the "require" condition).
await cp(`${DIST}/index.d.ts`, `${DIST}/index.d.cts`);
await writeConfigSchema(DIST);

// The console the headless server serves, and the favicon; not Electron's out/main or out/preload.
await cp('out/renderer', `${STAGE}/out/renderer`, { recursive: true });
await cp('resources', `${STAGE}/resources`, { recursive: true });

await mkdir(`${STAGE}/docs`, { recursive: true });
const docs = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
for (const doc of docs) await writeFile(`${STAGE}/${doc}`, forThePackage(await readFile(doc, 'utf8')));
// docs/ci.md shows and links the Python, Go and PHP examples: a user copies them from the package too.
await cp('docs/examples', `${STAGE}/docs/examples`, {
  recursive: true,
  filter: (source) => !source.includes('__pycache__'),
});

const repo = JSON.parse(await readFile('package.json', 'utf8')) as Manifest;
const manifest = {
  name: repo.name,
  version: repo.version,
  description: repo.description,
  type: 'module',
  engines: repo.engines,
  bin: { 'payment-links-sandbox': './dist/cli.js' },
  main: './dist/index.cjs',
  types: './dist/index.d.cts',
  exports: {
    '.': {
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    },
    './config.schema.json': './dist/config.schema.json',
    './package.json': './package.json',
  },
  dependencies: repo.dependencies,
};
await writeFile(`${STAGE}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(
  `${STAGE}/: package.json, dist/ (index.js, index.cjs, cli.js, types, config.schema.json), out/renderer, docs`,
);
