import { randomBytes } from 'node:crypto';
import { SandboxError } from '../errors';

/**
 * Inbox message ids, `msg_<run>_<n>`: numbered in arrival order so `?since=` is a comparison, and
 * naming this process's run, since a restart empties the inboxes and numbers from 1 again.
 */
export class MessageIds {
  private readonly run = randomBytes(4).toString('hex');
  private last = 0;

  /** The next number, and the id it makes. */
  next(): { seq: number; id: string } {
    const seq = ++this.last;
    return { seq, id: `msg_${this.run}_${seq}` };
  }

  /**
   * The number `since` names. An id of an earlier run is older than every message now held, so
   * everything comes after it.
   */
  seqOf(since: string): number {
    const match = /^msg_([0-9a-f]{8})_([1-9][0-9]{0,15})$/.exec(since);
    if (!match) {
      throw new SandboxError(
        'parameter_invalid',
        `Invalid since: ${JSON.stringify(since.slice(0, 80))}; use the id of a message (msg_…) as a list returned it.`,
        'since',
      );
    }
    return match[1] === this.run ? Number(match[2] as string) : 0;
  }
}
