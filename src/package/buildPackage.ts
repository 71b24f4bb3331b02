// `npm run build:package` (and prepack): the published package's JavaScript and type declarations.
// esbuild bundles our sources and leaves dependencies as imports, so the installed package runs
// on plain Node without tsx; rollup-plugin-dts folds the declarations into one file, so a consumer
// on any moduleResolution (bundler, node16, nodenext) gets the same types.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { dts } from 'rollup-plugin-dts';

const OUT = 'dist';

await rm(OUT, { recursive: true, force: true });

await build({
  entryPoints: { index: 'src/core/index.ts', cli: 'src/cli/main.ts' },
  outdir: OUT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
});

const declarations = await rollup({
  input: 'src/core/index.ts',
  plugins: [dts({ tsconfig: 'tsconfig.node.json', compilerOptions: { composite: false } })],
  external: (id) => !id.startsWith('.') && !id.startsWith('/'),
});
await declarations.write({ file: `${OUT}/index.d.ts`, format: 'es' });
await declarations.close();
console.log(`${OUT}/: index.js, cli.js and index.d.ts built`);
