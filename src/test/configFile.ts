// docs/configuration.md as the tests read it: its example file and its shell commands, as written.
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from './cliProcess';

const DOC = join(REPO_ROOT, 'docs', 'configuration.md');

/** The fenced blocks of one language in docs/configuration.md, in order. */
export async function docBlocks(language: string): Promise<string[]> {
  const text = await readFile(DOC, 'utf8');
  const fence = new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g');
  return [...text.matchAll(fence)].map((match) => match[1] as string);
}

/** The example configuration file, exactly as the doc shows it. */
export async function docExample(): Promise<string> {
  const [example] = await docBlocks('json');
  if (!example) throw new Error('docs/configuration.md has no json block');
  return example;
}

/**
 * A folder with `payment-links-sandbox` on a PATH of its own, running this checkout's CLI, so a
 * command from the docs runs in a shell exactly as a user types it.
 */
export async function commandOnPath(dir: string): Promise<NodeJS.ProcessEnv> {
  const bin = join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  const shim = join(bin, 'payment-links-sandbox');
  await writeFile(
    shim,
    `#!/bin/sh\nexec "${process.execPath}" "${join(REPO_ROOT, 'src/cli/bin.mjs')}" "$@"\n`,
  );
  await chmod(shim, 0o755);
  return { PATH: `${bin}:${process.env.PATH ?? ''}` };
}
