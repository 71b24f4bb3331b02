import type { InboxMessageSummary, InboxSettings } from '../../shared/types';
import type { InboxLimits } from '../../shared/inboxLimits';
import type { Inbox } from './inboxPresentation';

/** What a message costs besides its body and headers (objects, strings, the summary). */
const MESSAGE_OVERHEAD_BYTES = 1024;

export const DEFAULT_SETTINGS: InboxSettings = { status: 200, delay_ms: 0, sequence: [] };

const costOf = (headers: Record<string, string>, body: Buffer): number =>
  MESSAGE_OVERHEAD_BYTES +
  body.length +
  Object.entries(headers).reduce((sum, [name, value]) => sum + 2 * (name.length + value.length), 0);

/**
 * The inboxes' messages in memory, within their bounds (docs/storage.md, "The inbox"): at most
 * `limits.inboxes` inboxes (the least recently used goes, settings and all), each its newest
 * `limits.messagesPerInbox`, and all of them `budget()` bytes (past it the oldest go, whichever
 * inbox holds them).
 */
export class InboxHoldings {
  /** In use order, least recent first: a Map keeps insertion order, and use re-inserts. */
  private readonly inboxes = new Map<string, Inbox>();
  private bytes = 0;

  constructor(
    private readonly limits: InboxLimits,
    /** The bytes they may hold now: the limit, or less, this workspace's share of the server's. */
    readonly budget: () => number,
  ) {}

  get(name: string): Inbox | undefined {
    return this.inboxes.get(name);
  }

  /** Least recently used first. */
  all(): IterableIterator<Inbox> {
    return this.inboxes.values();
  }

  /** Every byte held now, as counted against the budget. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** The inbox named so, made if need be (pushing out the least used), now the most recently used. */
  use(name: string): Inbox {
    let inbox = this.inboxes.get(name);
    if (inbox) this.inboxes.delete(name);
    else {
      inbox = { name, settings: DEFAULT_SETTINGS, sequenceUsed: 0, messages: [] };
      if (this.inboxes.size >= this.limits.inboxes) this.evictLeastUsed();
    }
    this.inboxes.set(name, inbox);
    return inbox;
  }

  keep(
    name: string,
    seq: number,
    summary: InboxMessageSummary,
    headers: Record<string, string>,
    body: Buffer,
  ): void {
    const inbox = this.use(name);
    const bytes = costOf(headers, body);
    inbox.messages.push({ seq, summary, headers, body, bytes });
    this.bytes += bytes;
    if (inbox.messages.length > this.limits.messagesPerInbox) this.dropOldestOf(inbox);
    this.trim();
  }

  /** The oldest messages go until the budget holds (it may have shrunk). */
  trim(): void {
    while (this.bytes > this.budget() && this.dropOldestOfAll());
  }

  /** Empties one inbox, its settings kept. */
  forget(name: string): void {
    const inbox = this.inboxes.get(name);
    if (!inbox) return;
    for (const m of inbox.messages) this.bytes -= m.bytes;
    inbox.messages = [];
  }

  /** Every message up to `seq`, whichever inbox holds it, goes. */
  dropThrough(seq: number): void {
    for (const inbox of this.inboxes.values()) {
      while (inbox.messages[0] && inbox.messages[0].seq <= seq) this.dropOldestOf(inbox);
    }
  }

  private evictLeastUsed(): void {
    const [name, inbox] = this.inboxes.entries().next().value as [string, Inbox];
    for (const m of inbox.messages) this.bytes -= m.bytes;
    this.inboxes.delete(name);
  }

  private dropOldestOf(inbox: Inbox): void {
    const dropped = inbox.messages.shift();
    if (dropped) this.bytes -= dropped.bytes;
  }

  /** A scan of at most `limits.inboxes` inboxes, only when the byte bound is passed. */
  private dropOldestOfAll(): boolean {
    let oldest: { inbox: Inbox; seq: number } | undefined;
    for (const inbox of this.inboxes.values()) {
      const first = inbox.messages[0];
      if (first && (!oldest || first.seq < oldest.seq)) oldest = { inbox, seq: first.seq };
    }
    if (oldest) this.dropOldestOf(oldest.inbox);
    return oldest !== undefined;
  }
}
