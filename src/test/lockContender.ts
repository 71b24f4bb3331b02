/**
 * A process that locks data directories when told to, one JSON command per stdin line, so a test
 * can have several of them try for the same directory at the same instant. Answers one line each:
 * "acquired", "released", or "refused <the error's message>".
 */
import { createInterface } from 'node:readline';
import { lockDataDir } from '../core/store/dataDirLock';

let release: (() => Promise<void>) | null = null;
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as { lock: string } | { release: true };
  if ('lock' in command) {
    try {
      release = await lockDataDir(command.lock);
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
