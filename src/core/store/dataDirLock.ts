import { open, readFile, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { StoreFileError } from './storeErrors';

interface LockOwner {
  pid: number;
  command: string;
  started_at: string;
}

const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(file: string): Promise<LockOwner | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/**
 * Keeps a second sandbox (another process, or another store in this one) off a data directory.
 * A lock left by a process that died (kill -9, a crash) is taken over; a live owner is named.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const key = resolve(dir);
  const file = join(key, 'sandbox.lock');
  const refuse = (owner: LockOwner): never => {
    throw new StoreFileError(
      key,
      `is in use by process ${owner.pid} (${owner.command}, started ${owner.started_at})`,
      'stop that process, or give this one another directory with --data',
    );
  };
  if (heldHere.has(key)) refuse({ pid: process.pid, command: 'this process', started_at: 'earlier' });
  const me: LockOwner = {
    pid: process.pid,
    command: process.argv.slice(1).join(' ').slice(0, 200) || process.argv0,
    started_at: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fh = await open(file, 'wx');
      await fh.writeFile(JSON.stringify(me));
      await fh.close();
      heldHere.add(key);
      return async () => {
        heldHere.delete(key);
        await unlink(file).catch(() => undefined);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = await readOwner(file);
      if (owner && owner.pid !== process.pid && isAlive(owner.pid)) refuse(owner);
      await unlink(file).catch(() => undefined);
    }
  }
  throw new StoreFileError(key, 'could not be locked (another process keeps taking the lock)', 'try again');
}
