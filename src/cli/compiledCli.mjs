// The CLI a clone runs, compiled to JavaScript in out/cli by esbuild: built at the first launch and
// again at the first launch after any source it was built from changed, so `npm install && npm start`
// needs no build step, an edit shows at the next launch, and no launch compiles TypeScript
// (docs/decisions.md, "The CLI in a clone runs compiled JavaScript").
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'out', 'cli');
const MANIFEST = join(OUT, 'build.json');
const SELF = relative(ROOT, fileURLToPath(import.meta.url));
const INSTALLED = 'node_modules/.package-lock.json';
// A build another launch may still be loading chunks from is left this long before it is removed.
const KEEP_OLD_BUILD_MS = 60 * 60 * 1000;

/** The esbuild options the package build shares: our sources bundled, dependencies left as imports. */
export const NODE_BUNDLE = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
};

/** The CLI split at its commands' lazy imports, so `serve` never loads the MCP SDK nor `--version` the server. */
export const CLI_SPLIT = { splitting: true, format: 'esm', chunkNames: 'chunks/[name]-[hash]' };

const fingerprint = (file) => {
  const stat = statSync(join(ROOT, file));
  return `${stat.size}:${stat.mtimeMs}`;
};

/** The compiled entry when every source it was built from is as it was then, else undefined. */
function upToDate() {
  try {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
    for (const [file, print] of Object.entries(manifest.inputs))
      if (fingerprint(file) !== print) return undefined;
    return join(OUT, manifest.build, 'main.js');
  } catch {
    return undefined;
  }
}

/**
 * Each build goes to a folder named by its content, moved into place whole, then the manifest is
 * replaced: launches racing to rebuild (a test run spawns many) each end with a complete build, and
 * none overwrites files another is loading.
 */
async function build() {
  const { build: esbuild } = await import('esbuild');
  const started = Date.now();
  const result = await esbuild({
    ...NODE_BUNDLE,
    ...CLI_SPLIT,
    // Unlike the package's, this build bundles the dependencies too: loading several hundred files
    // through Node's module loader was a third of the launch (docs/performance.md, "Start-up").
    // Their require()s of Node's own modules need a require in an ES module.
    packages: 'bundle',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    absWorkingDir: ROOT,
    entryPoints: { main: 'src/cli/main.ts' },
    outdir: join(OUT, 'staging'),
    write: false,
    metafile: true,
  });
  const hash = createHash('sha256');
  for (const file of result.outputFiles) hash.update(file.path).update(file.contents);
  const name = hash.digest('hex').slice(0, 16);
  const staging = join(OUT, `.staging-${process.pid}-${started}`);
  for (const file of result.outputFiles) {
    const target = join(staging, relative(join(OUT, 'staging'), file.path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.contents);
  }
  try {
    renameSync(staging, join(OUT, name));
  } catch {
    // Another launch put the same build in place first.
    rmSync(staging, { recursive: true, force: true });
  }
  const inputs = {};
  // The dependencies are as npm last installed them: its record of that stands for their files.
  const sources = Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/'));
  // A source saved while esbuild read it gets no fingerprint, so the next launch builds again.
  for (const file of [SELF, INSTALLED, ...sources]) {
    const print = fingerprint(file);
    inputs[file] = statSync(join(ROOT, file)).mtimeMs < started ? print : 'changed during the build';
  }
  const manifest = `${MANIFEST}.${process.pid}`;
  writeFileSync(manifest, JSON.stringify({ build: name, inputs }));
  renameSync(manifest, MANIFEST);
  for (const entry of readdirSync(OUT)) {
    const path = join(OUT, entry);
    if (entry !== name && entry !== 'build.json' && Date.now() - statSync(path).mtimeMs > KEEP_OLD_BUILD_MS)
      rmSync(path, { recursive: true, force: true });
  }
  return join(OUT, name, 'main.js');
}

/** The path of the compiled CLI's entry, building it first when it is missing or out of date. */
export async function compiledCli() {
  const entry = upToDate();
  if (entry) return entry;
  try {
    return await build();
  } catch (err) {
    // esbuild has printed what is wrong, with file and line.
    throw new Error(
      `payment-links-sandbox: could not compile the CLI from src/ (${err.message.split('\n')[0]})`,
    );
  }
}
