// What a reader of the code is sent to must exist: every `docs/<file>.md` a source file cites is in
// the repository, every `§N` it names is a heading there, and the product's decisions are cited
// from docs/contract.md, never from a document outside the repository. The docs themselves link
// only to what a reader has: no path into the workspace the specifications came from, and every
// `#anchor` of a link between docs names a heading of its target.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from './cliProcess';

const SOURCE_FOLDERS = ['src', 'e2e', 'bench'];
const SOURCE_FILE = /\.(?:ts|tsx|js|mjs|cjs|html|css)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'out', 'dist', 'build']);

/** `docs/<file>.md`, then any `§N` right after it, joined by commas, "and" or a range's dash. */
const CITATION = /docs\/([A-Za-z0-9_./-]+?\.md)((?:(?:,| and|, and|\u2013)? ?\u00a7 ?\d+)*)/g;
/** A section cited without its document: written out of pieces so this file does not match itself. */
const BARE_CONTRACT_SECTION = new RegExp('\\bcontract \\u00a7', 'gi');
const OUTSIDE_SPECS = [/\/work\/shared/, /\.\.\/shared\//, /shared\/spec/];

async function filesUnder(folder: string, keep: (name: string) => boolean): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...(await filesUnder(path, keep)));
    } else if (keep(entry.name)) found.push(path);
  }
  return found;
}

async function sourceFiles(): Promise<string[]> {
  const lists = await Promise.all(
    SOURCE_FOLDERS.map((folder) => filesUnder(join(REPO_ROOT, folder), (name) => SOURCE_FILE.test(name))),
  );
  return lists.flat();
}

async function docFiles(): Promise<string[]> {
  const docs = await filesUnder(join(REPO_ROOT, 'docs'), (name) => name.endsWith('.md'));
  return [join(REPO_ROOT, 'README.md'), ...docs];
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split('\n').length;
const place = (file: string, text: string, index: number): string =>
  `${relative(REPO_ROOT, file)}:${lineOf(text, index)}`;

/** Headings outside fenced code blocks. */
function headings(markdown: string): string[] {
  let fenced = false;
  const found: string[] = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} +(.*?) *#*$/.exec(line);
    if (heading) found.push(heading[1] as string);
  }
  return found;
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

/** Whether a heading of `markdown` is section `n` (`## 4. Create`, `## §4 …`). */
const hasSection = (markdown: string, n: string): boolean =>
  headings(markdown).some((heading) => new RegExp(`^(?:\\u00a7 ?)?${n}(?:[.):]|\\s|$)`).test(heading));

/** The sections `§2, §4`, `§4 and §7` or `§1–§3` name, a range with every section in it. */
function sectionsNamed(list: string): string[] {
  const named: string[] = [];
  for (const section of list.matchAll(/(\u2013)? ?\u00a7 ?(\d+)/g)) {
    const n = Number(section[2]);
    const from = section[1] === undefined ? n : Number(named.at(-1) ?? n) + 1;
    for (let i = from; i <= n; i++) named.push(String(i));
  }
  return named;
}

const cache = new Map<string, string | null>();
async function docText(path: string): Promise<string | null> {
  if (!cache.has(path)) cache.set(path, existsSync(path) ? await readFile(path, 'utf8') : null);
  return cache.get(path) ?? null;
}

test('every docs/<file>.md a source file cites exists, with each § it names as a heading', async () => {
  const broken: string[] = [];
  let citations = 0;
  for (const file of await sourceFiles()) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(CITATION)) {
      citations++;
      const doc = match[1] as string;
      const target = await docText(join(REPO_ROOT, 'docs', doc));
      const where = place(file, text, match.index);
      if (target === null) {
        broken.push(`${where}: docs/${doc} does not exist`);
        continue;
      }
      for (const n of sectionsNamed(match[2] as string)) {
        if (!hasSection(target, n)) broken.push(`${where}: docs/${doc} has no heading for \u00a7${n}`);
      }
    }
  }
  assert.ok(citations > 0, 'no citation of docs/<file>.md found: the scan itself is broken');
  assert.deepEqual(broken, [], 'citations a reader cannot follow');
});

test('no source file cites a contract section without naming docs/contract.md, a file a reader has', async () => {
  const bare: string[] = [];
  for (const file of await sourceFiles()) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(BARE_CONTRACT_SECTION)) bare.push(place(file, text, match.index));
  }
  assert.deepEqual(bare, [], 'write "docs/contract.md \u00a7N"');
});

test('the docs point nowhere outside the repository for the specifications', async () => {
  const outside: string[] = [];
  for (const file of await docFiles()) {
    const text = await readFile(file, 'utf8');
    for (const pattern of OUTSIDE_SPECS) {
      const match = pattern.exec(text);
      if (match) outside.push(`${place(file, text, match.index)}: ${match[0]}`);
    }
  }
  assert.deepEqual(outside, []);
});

test('docs/contract.md has the sections 0 to 14, and each link between docs names a heading of its target', async () => {
  const contract = await docText(join(REPO_ROOT, 'docs', 'contract.md'));
  assert.ok(contract !== null, 'docs/contract.md is missing');
  const missing = Array.from({ length: 15 }, (_, n) => String(n)).filter((n) => !hasSection(contract, n));
  assert.deepEqual(missing, [], 'sections docs/contract.md lacks');

  const broken: string[] = [];
  for (const file of await docFiles()) {
    const text = await readFile(file, 'utf8');
    for (const match of text.matchAll(/\]\(([A-Za-z0-9_./-]*\.md)?#([^)\s]+)\)/g)) {
      const folder = join(file, '..');
      const target = match[1] === undefined ? text : await docText(join(folder, match[1]));
      const anchor = decodeURIComponent(match[2] as string);
      if (target === null) broken.push(`${place(file, text, match.index)}: ${match[1]} does not exist`);
      else if (!headings(target).some((heading) => anchorOf(heading) === anchor))
        broken.push(`${place(file, text, match.index)}: no heading #${anchor} in ${match[1] ?? 'this file'}`);
    }
  }
  assert.deepEqual(broken, [], 'links to a heading that is not there');
});
