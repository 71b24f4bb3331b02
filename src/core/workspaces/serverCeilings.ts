import { ENDPOINT_CHECKS_RUNNING_LIMIT } from '../../shared/endpointCheck';

export const MIB = 1024 * 1024;

/**
 * The server-wide ceilings the workspaces share (docs/contract.md §15, "Shared ceilings"). Alone,
 * `default` keeps its own settings (request_log_mb 64, attempt_bodies_mb 256, the inbox's 64 MiB),
 * all under these; each workspace made shrinks every share, so a thousand workspaces cost the disk
 * and the memory what a few would.
 */
export const SERVER_CEILINGS = {
  requestLogBytes: 512 * MIB,
  inboxBytes: 256 * MIB,
  attemptBodyBytes: 512 * MIB,
  endpointChecksRunning: ENDPOINT_CHECKS_RUNNING_LIMIT,
};

/** One workspace's part of a shared ceiling. */
export interface Share {
  /** What it may hold now: the ceiling divided among the workspaces made. */
  bytes(): number;
  /** What a workspace whose own setting allows `own` bytes may hold now: the lesser of the two. */
  capped(own: number): number;
  /** The workspace is removed or closed: the others' shares grow. */
  leave(): void;
}

/** How soon after a workspace is made the others trim to their smaller shares. */
export const TRIM_AFTER_MS = 1000;

/**
 * A ceiling of bytes shared equally by every workspace made. When one is made every other share
 * shrinks, and within TRIM_AFTER_MS every workspace is told to trim to it, so the total keeps under
 * the ceiling even for the idle ones, which would otherwise trim only at their next write. One pass
 * for all the workspaces made meanwhile: a start opening 10,000 of them trims once, not 10,000 times.
 */
export class SharedCeiling {
  private readonly trims = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ceiling: number) {}

  join(trim: () => void): Share {
    this.trims.add(trim);
    if (this.trims.size > 1) this.timer ??= setTimeout(() => this.trimAll(), TRIM_AFTER_MS).unref();
    const bytes = (): number => Math.floor(this.ceiling / Math.max(1, this.trims.size));
    return {
      bytes,
      capped: (own) => Math.min(own, bytes()),
      leave: () => this.trims.delete(trim),
    };
  }

  private trimAll(): void {
    this.timer = null;
    for (const trim of this.trims) trim();
  }
}

/** Why a slot was refused: the server's ceiling, or this workspace's fair part of it. */
export type SlotRefusal = { all: number } | { share: number };

/**
 * A ceiling of things running at once (endpoint checks), shared fairly: the server runs at most
 * `limit`, and while several workspaces want them, each may run at most its equal part, so one
 * workspace starting many leaves room for the next to start one.
 */
export class SharedSlots {
  private readonly running = new Map<object, number>();
  private total = 0;

  constructor(readonly limit: number) {}

  /** Takes a slot for `member` (null), or says why not. */
  take(member: object): SlotRefusal | null {
    if (this.total >= this.limit) return { all: this.limit };
    const mine = this.running.get(member) ?? 0;
    const wanting = this.running.size + (mine === 0 ? 1 : 0);
    const share = Math.max(1, Math.floor(this.limit / wanting));
    if (mine >= share) return { share };
    this.running.set(member, mine + 1);
    this.total++;
    return null;
  }

  give(member: object): void {
    const mine = this.running.get(member) ?? 0;
    if (mine === 0) return;
    this.total--;
    if (mine === 1) this.running.delete(member);
    else this.running.set(member, mine - 1);
  }
}

/** The ceilings of one server: the default workspace makes them, every other one joins them. */
export class ServerCeilings {
  readonly requestLog: SharedCeiling;
  readonly inbox: SharedCeiling;
  readonly attemptBodies: SharedCeiling;
  readonly endpointChecks: SharedSlots;

  constructor(ceilings = SERVER_CEILINGS) {
    this.requestLog = new SharedCeiling(ceilings.requestLogBytes);
    this.inbox = new SharedCeiling(ceilings.inboxBytes);
    this.attemptBodies = new SharedCeiling(ceilings.attemptBodyBytes);
    this.endpointChecks = new SharedSlots(ceilings.endpointChecksRunning);
  }
}
