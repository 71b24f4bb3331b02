import type {
  InboxMessage,
  InboxMessageSummary,
  InboxSettings,
  InboxView,
  SandboxEvent,
} from '../../shared/types';
import type { InboxForwardResult } from '../../shared/types';
import { SandboxError } from '../errors';
import { forwardMessage, forwardUrl } from './inboxForward';
import { JsonlLog } from '../store/jsonlLog';
import { MessageIds } from './messageIds';
import { INBOX_LIMITS, type InboxLimits } from '../../shared/inboxLimits';
import { withoutCredentials } from '../../shared/credentialHeaders';
import { DEFAULT_WORKSPACE } from '../../shared/workspaceKey';
import { RefusedWrites, storageFailure } from '../store/storageFailure';
import { INBOX_DISK_RESERVE_BYTES, shortOfReserve, type InboxDisk } from './diskReserve';
import { INBOX_LOG_NAME, isLogLine, messageLine, type LogLine } from './inboxLog';
import { present, view, type Inbox, type Kept } from './inboxPresentation';

export { INBOX_LIMITS, type InboxLimits };

/** What a message costs besides its body and headers (objects, strings, the summary). */
const MESSAGE_OVERHEAD_BYTES = 1024;

const DEFAULT_SETTINGS: InboxSettings = { status: 200, delay_ms: 0, sequence: [] };

export interface ReceivedRequest {
  summary: Omit<InboxMessageSummary, 'id' | 'inbox' | 'workspace' | 'answer'>;
  headers: Record<string, string>;
  body: Buffer;
}

export interface InboxOptions extends InboxDisk {
  /** The workspace these inboxes are (docs/contract.md §15): what a message logged before it was tagged belongs to. */
  workspace?: string;
  /** This workspace's share of the server's inbox ceiling, when it is one of several (workspaces/serverCeilings.ts). */
  share?: () => number;
}

const costOf = (headers: Record<string, string>, body: Buffer): number =>
  MESSAGE_OVERHEAD_BYTES +
  body.length +
  Object.entries(headers).reduce((sum, [name, value]) => sum + 2 * (name.length + value.length), 0);

/**
 * The built-in webhook inboxes (docs/contract.md §12). Whatever senders do, they hold at most
 * `limits.inboxes` inboxes and `limits.totalBytes` of messages, each inbox its newest
 * `limits.messagesPerInbox`. With a data folder every message is also appended to the inbox log
 * (store/jsonlLog.ts, within the same byte budget), and a restart reads it back through the same
 * bounds; what the log lets go of goes from memory too, so a restart shows what was shown. The
 * answer settings are kept in memory only (docs/decisions.md).
 */
export class Inboxes {
  /** In use order, least recent first: a Map keeps insertion order, and use re-inserts. */
  private readonly inboxes = new Map<string, Inbox>();
  private readonly ids = new MessageIds();
  private bytes = 0;
  private readonly log: JsonlLog<LogLine>;
  /** The seq of each line of the log, oldest first, to drop what the log drops. */
  private readonly logged: number[] = [];
  private readonly refusedWrites: RefusedWrites;
  private readonly reserveBytes: number;
  private readonly workspace: string;

  constructor(
    private readonly announce: (event: SandboxEvent) => void,
    private readonly limits: InboxLimits = INBOX_LIMITS,
    private readonly dir?: string,
    private readonly options: InboxOptions = {},
  ) {
    this.workspace = options.workspace ?? DEFAULT_WORKSPACE;
    this.reserveBytes = options.reserveBytes ?? INBOX_DISK_RESERVE_BYTES;
    this.refusedWrites = new RefusedWrites(options.warn ?? ((message) => process.emitWarning(message)));
    this.log = new JsonlLog<LogLine>(
      dir,
      INBOX_LOG_NAME,
      () => this.budget(),
      (count) => this.droppedFromLog(count),
    );
    // Read before the server listens (the inbox is small next to the request log): nothing arrives meanwhile.
    let heldCredentials = false;
    this.log.loadSync(
      (line) => (isLogLine(line) ? line : undefined),
      (lines) => (heldCredentials = this.replay(lines)),
    );
    try {
      if (heldCredentials) this.rewriteLog();
    } catch {
      // A disk that refuses it was said once (appendToLog); the messages stay held until a restart.
    }
  }

  /**
   * Keeps a request sent to `name`, its credentials' values removed (docs/contract.md §12), and
   * gives it its answer: the next sequence entry, else the status. When the disk cannot take it, a
   * 503 storage_unavailable and nothing changes: the message is not kept, the sequence stays.
   */
  record(name: string, received: ReceivedRequest): InboxMessageSummary {
    const short = this.dir ? shortOfReserve(this.dir, this.reserveBytes) : null;
    if (short) throw this.refusedWrites.refused(short);
    // Looked at, not used: a refused message must not create an inbox, or push one out.
    const held = this.inboxes.get(name);
    const { sequence, status, delay_ms } = held?.settings ?? DEFAULT_SETTINGS;
    const next = sequence[held?.sequenceUsed ?? 0];
    const answer = { status: next ?? status, delay_ms };
    const { seq, id } = this.ids.next();
    const summary: InboxMessageSummary = {
      id,
      inbox: name,
      workspace: this.workspace,
      ...received.summary,
      answer,
    };
    const headers = withoutCredentials(received.headers);
    this.appendToLog(messageLine(seq, summary, headers, received.body));
    const inbox = this.use(name);
    if (next !== undefined) inbox.sequenceUsed++;
    this.keep(name, seq, summary, headers, received.body);
    this.announce({ type: 'inbox.received', message: summary });
    return summary;
  }

  /** Where the messages are kept across restarts, and how much: null in memory. */
  get storage(): { files: string[]; bytes: number } | null {
    const files = this.log.fileNames;
    return files ? { files: [files.current, files.older], bytes: this.log.size.bytes } : null;
  }

  close(): void {
    this.log.close();
  }

  /** Newest first; with `since`, only those received after that message. */
  messages(name: string, since?: string): InboxMessage[] {
    const after = since === undefined ? 0 : this.ids.seqOf(since);
    const kept = this.inboxes.get(name)?.messages ?? [];
    const newer: InboxMessage[] = [];
    for (let i = kept.length - 1; i >= 0; i--) {
      const message = kept[i] as Kept;
      if (message.seq <= after) break;
      newer.push(present(message));
    }
    return newer;
  }

  summaries(name: string): InboxMessageSummary[] {
    return (this.inboxes.get(name)?.messages ?? []).map((m) => m.summary).reverse();
  }

  message(name: string, id: string): InboxMessage {
    const found = this.inboxes.get(name)?.messages.find((m) => m.summary.id === id);
    if (!found) {
      throw new SandboxError(
        'resource_not_found',
        `Inbox ${name} holds no message ${id}: each inbox keeps its newest ${this.limits.messagesPerInbox}, all of them together at most ${Math.round(this.budget() / 1024 / 1024)} MiB, and Clear or POST /sandbox/reset empties them.`,
        'id',
      );
    }
    return present(found);
  }

  /** "Forward to…": the message sent again to `url` (a 400 when it is not an http(s) URL). */
  forward(name: string, id: string, url: string): Promise<InboxForwardResult> {
    const to = forwardUrl(url);
    return forwardMessage(this.message(name, id), to);
  }

  views(): InboxView[] {
    return [...this.inboxes.values()].reverse().map(view);
  }

  view(name: string): InboxView {
    const inbox = this.inboxes.get(name);
    return inbox ? view(inbox) : view({ name, settings: DEFAULT_SETTINGS, sequenceUsed: 0, messages: [] });
  }

  /** Replaces the answer settings (absent fields take their defaults) and starts the sequence over. */
  configure(name: string, settings: Partial<InboxSettings>): InboxView {
    const inbox = this.use(name);
    inbox.settings = { ...DEFAULT_SETTINGS, ...settings };
    inbox.sequenceUsed = 0;
    return this.changed(inbox);
  }

  clear(name: string): InboxView {
    // Written even when none is held now: the log may still hold lines of an inbox pushed out.
    if (this.logged.length > 0) this.appendToLog({ seq: this.ids.lastSeq, cleared: name });
    const inbox = this.inboxes.get(name);
    if (!inbox) return this.view(name);
    this.forget(name);
    return this.changed(inbox);
  }

  /** Every inbox emptied, on disk too, their answer settings kept: answers how many messages went. */
  clearAll(): number {
    let removed = 0;
    for (const inbox of this.inboxes.values()) {
      if (inbox.messages.length === 0) continue;
      removed += inbox.messages.length;
      this.forget(inbox.name);
      this.changed(inbox);
    }
    this.log.clear();
    this.logged.length = 0;
    return removed;
  }

  /** Every byte held now, as counted against `limits.totalBytes`. */
  get heldBytes(): number {
    return this.bytes;
  }

  private keep(
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
    while (this.bytes > this.budget() && this.dropOldestOfAll());
  }

  /** The bytes of messages these inboxes may hold: their limit, or less, their share of the server's. */
  budget(): number {
    return Math.min(this.limits.totalBytes, this.options.share?.() ?? Infinity);
  }

  /** The share shrank (another workspace was made): the oldest messages go until it holds. */
  trim(): void {
    while (this.bytes > this.budget() && this.dropOldestOfAll());
    this.log.trim();
  }

  /**
   * The log's lines read back, oldest first: the messages they hold, each clear applied. Answers
   * whether a line held a credential (a log written before they were removed).
   */
  private replay(lines: LogLine[]): boolean {
    let newest: string | undefined;
    let heldCredentials = false;
    for (const line of lines) {
      this.logged.push(line.seq);
      this.ids.resume(line.seq, undefined);
      if ('cleared' in line) this.forget(line.cleared);
      else {
        newest = line.summary.id;
        // Logged before messages were tagged: every sender was this workspace's.
        if (typeof line.summary.workspace !== 'string') line.summary.workspace = this.workspace;
        const headers = withoutCredentials(line.headers);
        heldCredentials ||= headers !== line.headers;
        this.keep(
          line.summary.inbox,
          line.seq,
          line.summary,
          headers,
          Buffer.from(line.body, line.body_encoding),
        );
      }
    }
    this.ids.resume(this.ids.lastSeq, newest);
    return heldCredentials;
  }

  /**
   * Writes the log again from the messages held, which hold no credentials: once, at the first
   * start on a log an earlier version wrote, so no file keeps them (docs/contract.md §12).
   */
  private rewriteLog(): void {
    const held = [...this.inboxes.values()].flatMap((inbox) => inbox.messages).sort((a, b) => a.seq - b.seq);
    this.log.clear();
    this.logged.length = 0;
    for (const m of held) this.appendToLog(messageLine(m.seq, m.summary, m.headers, m.body));
  }

  private forget(name: string): void {
    const inbox = this.inboxes.get(name);
    if (!inbox) return;
    for (const m of inbox.messages) this.bytes -= m.bytes;
    inbox.messages = [];
  }

  /** A disk that refuses the line refuses the change: a 503, said once per episode. */
  private appendToLog(line: LogLine): void {
    try {
      this.log.append(line);
    } catch (err) {
      throw this.refusedWrites.refused(storageFailure(this.dir ?? '', err, true));
    }
    this.refusedWrites.succeeded();
    this.logged.push(line.seq);
  }

  /** The log let go of its `count` oldest lines: the messages they held go too, whichever inbox. */
  private droppedFromLog(count: number): void {
    const through = this.logged[count - 1];
    this.logged.splice(0, count);
    if (through === undefined) return;
    for (const inbox of this.inboxes.values()) {
      while (inbox.messages[0] && inbox.messages[0].seq <= through) this.dropOldestOf(inbox);
    }
  }

  private changed(inbox: Inbox): InboxView {
    const shown = view(inbox);
    this.announce({ type: 'inbox.changed', inbox: shown });
    return shown;
  }

  private use(name: string): Inbox {
    let inbox = this.inboxes.get(name);
    if (inbox) this.inboxes.delete(name);
    else {
      inbox = { name, settings: DEFAULT_SETTINGS, sequenceUsed: 0, messages: [] };
      if (this.inboxes.size >= this.limits.inboxes) this.evictLeastUsed();
    }
    this.inboxes.set(name, inbox);
    return inbox;
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
