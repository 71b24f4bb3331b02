import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResetCounts } from '../../shared/dataFolder';
import type { WorkspaceSummary, WorkspaceView } from '../../shared/workspaces';
import { DEFAULT_WORKSPACE, isWorkspaceName } from '../../shared/workspaceKey';
import { isoTime } from '../clock';
import { SandboxError } from '../errors';
import { StoreFileError } from '../store/storeErrors';
import { SandboxCore, type CoreOptions, type ListeningInfo } from '../sandboxCore';
import { workspaceOptions } from './workspaceOptions';

/**
 * A workspace whose store cannot be made (its folder refused, no file descriptor left): 503, named,
 * while every other workspace serves on.
 */
function notMade(name: string, err: unknown): SandboxError {
  const why = err instanceof StoreFileError ? err.message : (err as Error).message;
  return new SandboxError(
    'storage_unavailable',
    `Workspace "${name}" could not be made: ${why}. Nothing was changed; the other workspaces are not affected.`,
  );
}

/** A workspace the data folder holds whose store will not open (a damaged file): 503, named. */
function damaged(name: string, err: unknown): SandboxError {
  return new SandboxError(
    'storage_unavailable',
    `Workspace "${name}" cannot be opened: ${(err as Error).message}. Its files are left as they are and every other workspace serves; DELETE /sandbox/workspace with its key removes it.`,
  );
}

/** Where the workspaces other than `default` keep their stores, inside the data folder. */
export const WORKSPACES_FOLDER = 'workspaces';
/** How many workspaces besides `default` a server makes unless told otherwise (--max-workspaces). */
export const DEFAULT_MAX_WORKSPACES = 1000;

export interface WorkspacesOptions extends CoreOptions {
  /** The most workspaces besides `default` (docs/contract.md §15). */
  maxWorkspaces?: number;
}

/**
 * Every workspace of one server (docs/contract.md §15): `default`, the sandbox as it always was,
 * and one isolated sandbox per other name, each a core with its own store under
 * `workspaces/<name>/` (or in memory), made by the first request that writes to it. The server's
 * own things (where it listens, the data folder's lock, the limit) are kept here once for all.
 */
export class Workspaces {
  private readonly made = new Map<string, SandboxCore>();
  /** Workspaces whose store would not open at start, and why: they answer 503 until removed. */
  private readonly damaged = new Map<string, SandboxError>();
  private readonly opening = new Map<string, Promise<SandboxCore>>();
  /** Workspaces the data folder holds that are not open yet: opened after the server listens. */
  private readonly onDisk = new Set<string>();
  private openingRest: Promise<void> | null = null;
  /** When each workspace last changed (real time): the list's order, most recent first. */
  private readonly changedAt = new Map<SandboxCore, number>();
  private blankOne: Promise<SandboxCore> | null = null;
  private blankCore: SandboxCore | null = null;
  private closed = false;
  private readonly limit: number;

  private constructor(
    readonly defaultWorkspace: SandboxCore,
    private readonly options: WorkspacesOptions,
  ) {
    this.limit = options.maxWorkspaces ?? DEFAULT_MAX_WORKSPACES;
    this.watch(defaultWorkspace);
  }

  /**
   * The server's workspaces: `default` (already open) and every one its data folder holds, found
   * now and opened one by one once `openTheRest` is called (after the server listens), so ten
   * thousand of them never delay the start; a request for one not open yet opens it first.
   */
  static async open(defaultWorkspace: SandboxCore, options: WorkspacesOptions): Promise<Workspaces> {
    const workspaces = new Workspaces(defaultWorkspace, options);
    if (options.dataDir) {
      const names = await readdir(join(options.dataDir, WORKSPACES_FOLDER)).catch(() => []);
      // Those already made open whatever the limit: it bounds what is made next.
      for (const name of names.filter(isWorkspaceName).sort()) workspaces.onDisk.add(name);
    }
    return workspaces;
  }

  /**
   * Every workspace of the data folder open (those that will open): the first call opens, one by
   * one, those no request has opened yet. The server calls it once it listens; a list of all the
   * workspaces waits for it.
   */
  opened(): Promise<void> {
    this.openingRest ??= (async () => {
      for (const name of this.onDisk) {
        if (this.closed) return;
        await this.openFromDisk(name).catch(() => undefined);
      }
    })();
    return this.openingRest;
  }

  /** Whether workspaces of the data folder are still to be opened (opened() has not finished). */
  get stillOpening(): boolean {
    return this.onDisk.size > 0 || (this.openingRest !== null && this.opening.size > 0);
  }

  /**
   * The workspace named so once it is open, when it is on its way: being made, or in the data
   * folder and not opened yet (then it is opened now, before the others waiting).
   */
  whenOpen(name: string): Promise<SandboxCore> | undefined {
    return this.onDisk.has(name) ? this.openFromDisk(name) : this.opening.get(name);
  }

  /** Why the workspace named so cannot serve (its store would not open at start), if it cannot. */
  damage(name: string): SandboxError | undefined {
    return this.damaged.get(name);
  }

  /** The workspace named so, if it has been made. */
  get(name: string): SandboxCore | undefined {
    return name === DEFAULT_WORKSPACE ? this.defaultWorkspace : this.made.get(name);
  }

  /**
   * The workspace named so, made (empty, then configured as every new one is) if it is not yet;
   * refused with 403 workspace_limit_reached once the server holds its limit.
   */
  make(name: string): Promise<SandboxCore> {
    const found = this.get(name);
    if (found) return Promise.resolve(found);
    const damage = this.damaged.get(name);
    if (damage) return Promise.reject(damage);
    const waiting = this.whenOpen(name);
    if (waiting) return waiting;
    let opening = this.opening.get(name);
    if (!opening) {
      if (this.made.size + this.opening.size + this.onDisk.size >= this.limit)
        return Promise.reject(this.limitReached(name));
      opening = this.openOne(name)
        .catch((err: unknown) => {
          throw notMade(name, err);
        })
        .finally(() => this.opening.delete(name));
      this.opening.set(name, opening);
    }
    return opening;
  }

  /**
   * What a read of a workspace not made yet sees: an empty sandbox, in memory, shared by every such
   * read and never written to (a read makes nothing, docs/contract.md §15).
   */
  blank(): Promise<SandboxCore> {
    this.blankOne ??= SandboxCore.open({ clock: this.options.clock, publicUrl: this.options.publicUrl }).then(
      (blank) => (this.blankCore = blank),
    );
    return this.blankOne;
  }

  /** Whether this is blank()'s sandbox, which keeps nothing of what reads it. */
  isBlank(workspace: SandboxCore): boolean {
    return workspace === this.blankCore;
  }

  /** The workspace that holds the link (ids are unique across workspaces), if one does. */
  holding(linkId: string): SandboxCore | undefined {
    if (this.defaultWorkspace.links.get(linkId)) return this.defaultWorkspace;
    for (const workspace of this.made.values()) if (workspace.links.get(linkId)) return workspace;
    return undefined;
  }

  /** Every workspace made, `default` first, then by name. */
  *all(): Generator<[string, SandboxCore]> {
    yield [DEFAULT_WORKSPACE, this.defaultWorkspace];
    yield* [...this.made].sort(([a], [b]) => (a < b ? -1 : 1));
  }

  /** Every workspace made, the one changed last first (then by name): name, link count, last change. */
  async summaries(): Promise<WorkspaceSummary[]> {
    // Just after a start, the list waits for the data folder's workspaces to be open.
    await this.opened();
    return [...this.all()]
      .map(([name, workspace]) => ({ name, workspace, at: this.changedAt.get(workspace) ?? 0 }))
      .sort((a, b) => b.at - a.at || (a.name < b.name ? -1 : 1))
      .map(({ name, workspace, at }) => this.summaryOf(name, workspace, at));
  }

  /** The caller's workspace: GET /sandbox/workspace (the blank one, for a name not made yet). */
  view(name: string, workspace: SandboxCore): WorkspaceView {
    const at = this.changedAt.get(workspace);
    return {
      name,
      made: !this.isBlank(workspace),
      counts: workspace.data.counts(),
      clock: workspace.time.view(),
      changed_at: at === undefined ? null : isoTime(at),
    };
  }

  /**
   * Removes a workspace with everything in it (its folder too): the next write with its key makes
   * it anew. Deliveries on the wire finish unrecorded. What it held, counted as a reset counts;
   * `default` is never removed, only reset (POST /sandbox/reset).
   */
  async remove(name: string): Promise<ResetCounts> {
    if (name === DEFAULT_WORKSPACE) return this.defaultWorkspace.data.reset({ inboxes: true });
    if (this.damaged.delete(name) && this.options.dataDir)
      await rm(join(this.options.dataDir, WORKSPACES_FOLDER, name), { recursive: true, force: true });
    const workspace = this.made.get(name);
    const removed: ResetCounts = {
      links: 0,
      events: 0,
      deliveries: 0,
      idempotency_records: 0,
      requests: 0,
      inbox_messages: 0,
    };
    if (!workspace) return removed;
    const { links, events, deliveries, idempotency_records } = workspace.data.counts();
    Object.assign(removed, { links, events, deliveries, idempotency_records });
    removed.requests = workspace.requests.size.entries;
    this.made.delete(name);
    this.changedAt.delete(workspace);
    await workspace.close();
    const folder = workspace.store.dataDir;
    if (folder) await rm(folder, { recursive: true, force: true });
    return removed;
  }

  /** The server listens: every workspace's checkout URLs start at its origin. */
  listening(origin: string, info: ListeningInfo): void {
    for (const [, workspace] of this.all()) {
      workspace.origin = origin;
      workspace.listening = info;
    }
  }

  /** The server is closing: every long poll of every workspace answers now. */
  endWaits(): void {
    for (const [, workspace] of this.all()) workspace.endWaits();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.opening.values());
    const blank = this.blankOne;
    for (const [, workspace] of [...this.all()].reverse()) await workspace.close();
    if (blank) await (await blank).close();
  }

  private summaryOf(name: string, workspace: SandboxCore, at: number): WorkspaceSummary {
    return { name, links: workspace.data.counts().links, changed_at: at === 0 ? null : isoTime(at) };
  }

  private watch(workspace: SandboxCore): void {
    workspace.store.onCommit(() => this.changedAt.set(workspace, Date.now()));
  }

  private limitReached(name: string): SandboxError {
    return new SandboxError(
      'workspace_limit_reached',
      `This sandbox holds its most workspaces, ${this.limit.toLocaleString('en')} besides default, so workspace "${name}" was not made. Remove one it no longer needs (DELETE /sandbox/workspace with that workspace's key), or start the sandbox with a larger --max-workspaces (PLS_MAX_WORKSPACES).`,
    );
  }

  /** A workspace the data folder holds, opened; one that will not open answers 503 from then on. */
  private openFromDisk(name: string): Promise<SandboxCore> {
    this.onDisk.delete(name);
    const opening = this.openOne(name)
      .catch((err: unknown) => {
        if (this.closed) throw err;
        // A damaged workspace stops no other: it answers 503 naming its file, and is left as it is.
        const refusal = damaged(name, err);
        this.damaged.set(name, refusal);
        process.emitWarning(refusal.message);
        throw refusal;
      })
      .finally(() => this.opening.delete(name));
    this.opening.set(name, opening);
    return opening;
  }

  private async openOne(name: string): Promise<SandboxCore> {
    if (this.closed) throw new Error(`the sandbox is closing; workspace ${name} was not made`);
    const { dataDir } = this.options;
    const workspace = await SandboxCore.open({
      ...workspaceOptions(name, this.options),
      workspace: name,
      sending: this.defaultWorkspace.sending,
      ceilings: this.defaultWorkspace.ceilings,
      dataDir: dataDir === undefined ? undefined : join(dataDir, WORKSPACES_FOLDER, name),
      heldLock: this.defaultWorkspace.store.lock ?? undefined,
    });
    workspace.origin = this.defaultWorkspace.origin;
    workspace.listening = this.defaultWorkspace.listening;
    this.made.set(name, workspace);
    this.watch(workspace);
    void workspace.requests.load();
    await workspace.configure();
    return workspace;
  }
}
