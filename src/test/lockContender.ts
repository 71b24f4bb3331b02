/**
 * A process that locks data directories when told to, one JSON command per stdin line, so a test
 * can have several of them try for the same directory at the same instant. Answers one line each:
 * "acquired", "released", or "refused <the error's message>". `leaseMs` shortens its lease, for a
 * test run in another PID namespace (`unshare --pid`).
 */
import { createInterface } from 'node:readline';
import { lockDataDir } from '../core/store/dataDirLock';

let release: (() => Promise<void>) | null = null;
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as { lock: string; leaseMs?: number } | { release: true };
  if ('lock' in command) {
    try {
      release = await lockDataDir(command.lock, { leaseMs: command.leaseMs });
      console.log('acquired');
    } catch (err) {
      console.log(`refused ${(err as Error).message}`);
    }
  } else {
    await release?.();
    release = null;
    console.log('released');
  }
}
