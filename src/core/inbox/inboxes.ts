import { MIB, type Share } from '../workspaces/serverCeilings';
import type {
  InboxMessage,
  InboxMessageSummary,
  InboxSettings,
  InboxView,
  SandboxEvent,
} from '../../shared/types';
import type { InboxForwardResult } from '../../shared/types';
import { SandboxError } from '../errors';
import { payloadQuery } from '../payloadQuery';
import { textBody } from '../../shared/payloadSearch';
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
import { DEFAULT_SETTINGS, InboxHoldings } from './inboxHoldings';

export { INBOX_LIMITS, type InboxLimits };

export interface ReceivedRequest {
  summary: Omit<InboxMessageSummary, 'id' | 'inbox' | 'workspace' | 'answer'>;
  headers: Record<string, string>;
  body: Buffer;
}

export interface InboxOptions extends InboxDisk {
  /** The workspace these inboxes are (docs/contract.md §15): what a message logged before it was tagged belongs to. */
  workspace?: string;
  /** This workspace's share of the server's inbox ceiling (workspaces/serverCeilings.ts). */
  share?: Pick<Share, 'capped'>;
}

/**
 * The built-in webhook inboxes of one workspace (docs/contract.md §12, §15). Whatever senders do,
 * they hold what inboxHoldings.ts bounds: at most `limits.inboxes` inboxes and `limits.totalBytes`
 * of messages (less when the workspace's share of the server's ceiling is less), each inbox its
 * newest `limits.messagesPerInbox`. With a data folder every message is also appended to the inbox log
 * (store/jsonlLog.ts, within the same byte budget), and a restart reads it back through the same
 * bounds; what the log lets go of goes from memory too, so a restart shows what was shown. The
 * answer settings are kept in memory only (docs/decisions.md).
 */
export class Inboxes {
  private readonly held: InboxHoldings;
  private readonly ids = new MessageIds();
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
    options: InboxOptions = {},
  ) {
    this.workspace = options.workspace ?? DEFAULT_WORKSPACE;
    this.held = new InboxHoldings(
      limits,
      () => options.share?.capped(limits.totalBytes) ?? limits.totalBytes,
    );
    this.reserveBytes = options.reserveBytes ?? INBOX_DISK_RESERVE_BYTES;
    this.refusedWrites = new RefusedWrites(options.warn ?? ((message) => process.emitWarning(message)));
    this.log = new JsonlLog<LogLine>(
      dir,
      INBOX_LOG_NAME,
      () => this.held.budget(),
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
    const held = this.held.get(name);
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
    const inbox = this.held.use(name);
    if (next !== undefined) inbox.sequenceUsed++;
    this.held.keep(name, seq, summary, headers, received.body);
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
  /** Newest first: those after `since`, and those carrying what `q` searches for (docs/contract.md §16). */
  messages(name: string, since?: string, q?: string): InboxMessage[] {
    const after = since === undefined ? 0 : this.ids.seqOf(since);
    const carries = carriedBy(q);
    const kept = this.held.get(name)?.messages ?? [];
    const newer: InboxMessage[] = [];
    for (let i = kept.length - 1; i >= 0; i--) {
      const message = kept[i] as Kept;
      if (message.seq <= after) break;
      if (carries(message)) newer.push(present(message));
    }
    return newer;
  }

  summaries(name: string, q?: string): InboxMessageSummary[] {
    const carries = carriedBy(q);
    const kept = this.held.get(name)?.messages ?? [];
    const shown: InboxMessageSummary[] = [];
    for (let i = kept.length - 1; i >= 0; i--)
      if (carries(kept[i] as Kept)) shown.push((kept[i] as Kept).summary);
    return shown;
  }

  message(name: string, id: string): InboxMessage {
    const found = this.held.get(name)?.messages.find((m) => m.summary.id === id);
    if (!found) {
      throw new SandboxError(
        'resource_not_found',
        `Inbox ${name} holds no message ${id}: each inbox keeps its newest ${this.limits.messagesPerInbox}, all of them together at most ${Math.round(this.held.budget() / MIB)} MiB, and Clear or POST /sandbox/reset empties them.`,
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
    return [...this.held.all()].reverse().map(view);
  }

  view(name: string): InboxView {
    const inbox = this.held.get(name);
    return inbox ? view(inbox) : view({ name, settings: DEFAULT_SETTINGS, sequenceUsed: 0, messages: [] });
  }

  /** Replaces the answer settings (absent fields take their defaults) and starts the sequence over. */
  configure(name: string, settings: Partial<InboxSettings>): InboxView {
    const inbox = this.held.use(name);
    inbox.settings = { ...DEFAULT_SETTINGS, ...settings };
    inbox.sequenceUsed = 0;
    return this.changed(inbox);
  }

  clear(name: string): InboxView {
    // Written even when none is held now: the log may still hold lines of an inbox pushed out.
    if (this.logged.length > 0) this.appendToLog({ seq: this.ids.lastSeq, cleared: name });
    const inbox = this.held.get(name);
    if (!inbox) return this.view(name);
    this.held.forget(name);
    return this.changed(inbox);
  }

  /** Every inbox emptied, on disk too, their answer settings kept: answers how many messages went. */
  clearAll(): number {
    let removed = 0;
    for (const inbox of this.held.all()) {
      if (inbox.messages.length === 0) continue;
      removed += inbox.messages.length;
      this.held.forget(inbox.name);
      this.changed(inbox);
    }
    this.log.clear();
    this.logged.length = 0;
    return removed;
  }

  /** Every byte held now, as counted against the budget. */
  get heldBytes(): number {
    return this.held.heldBytes;
  }

  /** The share shrank (another workspace was made): the oldest messages go until it holds. */
  trim(): void {
    this.held.trim();
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
      if ('cleared' in line) this.held.forget(line.cleared);
      else {
        newest = line.summary.id;
        // Logged before messages were tagged: every sender was this workspace's.
        if (typeof line.summary.workspace !== 'string') line.summary.workspace = this.workspace;
        const headers = withoutCredentials(line.headers);
        heldCredentials ||= headers !== line.headers;
        this.held.keep(
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
    const held = [...this.held.all()].flatMap((inbox) => inbox.messages).sort((a, b) => a.seq - b.seq);
    this.log.clear();
    this.logged.length = 0;
    for (const m of held) this.appendToLog(messageLine(m.seq, m.summary, m.headers, m.body));
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
    if (through !== undefined) this.held.dropThrough(through);
  }

  private changed(inbox: Inbox): InboxView {
    const shown = view(inbox);
    this.announce({ type: 'inbox.changed', inbox: shown });
    return shown;
  }
}

/** Whether a kept message carries what `q` searches for; every message when there is no search. */
function carriedBy(q: string | undefined): (message: Kept) => boolean {
  const carries = payloadQuery(q);
  if (!carries) return () => true;
  return (message) => carries(textBody(() => message.body.toString('utf8')));
}
