import { randomBytes } from 'node:crypto';
import { MESSAGE_ID_PATTERN } from '../../shared/inboxParams';
import { SandboxError } from '../errors';

const ID = new RegExp(MESSAGE_ID_PATTERN);

/** The run and the number of a well-formed id, `msg_<run>_<n>`. */
const partsOf = (id: string): [run: string, seq: number] | undefined => {
  if (!ID.test(id)) return undefined;
  const [, run, seq] = id.split('_');
  return [run as string, Number(seq)];
};

/**
 * Inbox message ids, `msg_<run>_<n>`: numbered in arrival order so `?since=` is a comparison. The
 * run names the numbering: it goes on across restarts with the data folder's inbox log (resume),
 * and starts afresh, from 1, in memory or once that log is empty.
 */
export class MessageIds {
  private run = randomBytes(4).toString('hex');
  private last = 0;

  /** Goes on after `seq`, in the run of `id` (the newest message kept) when there is one. */
  resume(seq: number, id: string | undefined): void {
    this.last = Math.max(this.last, seq);
    const run = id === undefined ? undefined : partsOf(id)?.[0];
    if (run) this.run = run;
  }

  /** The number of the newest id given. */
  get lastSeq(): number {
    return this.last;
  }

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
    const parts = partsOf(since);
    if (!parts) {
      throw new SandboxError(
        'parameter_invalid',
        `Invalid since: ${JSON.stringify(since.slice(0, 80))}; use the id of a message (msg_…) as a list returned it.`,
        'since',
      );
    }
    return parts[0] === this.run ? parts[1] : 0;
  }
}
