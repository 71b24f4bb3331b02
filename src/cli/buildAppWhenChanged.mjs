// `npm start` (`start` in a clone) builds the desktop app and its console (electron-vite: out/main, out/preload,
// out/renderer) only when a file they are built from changed since the last build: building every
// time was more than a second of each start (docs/decisions.md, "What npm start builds").
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STAMP = join(ROOT, 'out', '.app-build');
// What electron.vite.config.ts builds from: the three entries and the code they import, its own
// settings, and the dependencies as npm last installed them. Tests are not part of it.
const SOURCES = [
  'src/main',
  'src/preload',
  'src/renderer',
  'src/core',
  'src/shared',
  'src/cli/buildAppWhenChanged.mjs',
  'electron.vite.config.ts',
  'package.json',
  'tsconfig.json',
  'tsconfig.node.json',
  'tsconfig.web.json',
  'node_modules/.package-lock.json',
];
const OUTPUTS = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

function* files(path) {
  let stat;
  try {
    stat = statSync(join(ROOT, path));
  } catch {
    return;
  }
  if (!stat.isDirectory()) yield `${path} ${stat.size} ${stat.mtimeMs}`;
  else
    for (const name of readdirSync(join(ROOT, path)).sort())
      if (!name.endsWith('.test.ts')) yield* files(`${path}/${name}`);
}

const fingerprint = () =>
  createHash('sha256')
    .update([...SOURCES.flatMap((s) => [...files(s)])].join('\n'))
    .digest('hex');

/** Builds the app unless what it is built from is as it was at the last build. */
export async function buildAppWhenChanged() {
  const before = fingerprint();
  const built = existsSync(STAMP) ? readFileSync(STAMP, 'utf8') : '';
  if (built === before && OUTPUTS.every((file) => existsSync(join(ROOT, file)))) return;
  // One line on stderr instead of vite's report: stdout stays the server's (its first line, the
  // address, is what scripts read).
  console.error('Building the desktop app and its console (their sources changed)…');
  const { build } = await import('electron-vite');
  await build({ root: ROOT, logLevel: 'warn' });
  // The fingerprint from before the build: a file saved during it makes the next start build again.
  writeFileSync(STAMP, before);
}
