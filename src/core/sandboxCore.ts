import { EventEmitter } from 'node:events';
import type { NewFaultRule } from '../shared/faults';
import type { PresentedDelivery } from '../shared/deliverySummary';
import type { SandboxEvent, Settings, SettingsPatch, WebhookDelivery } from '../shared/types';
import { isoTime, systemClock, type Clock } from './clock';
import { ClockControls, type ClockStart } from './clockControls';
import { RUNNING, SandboxClock } from './sandboxClock';
import { PaymentLinks } from './domain/paymentLinks';
import { IdempotencyGuard } from './idempotency';
import { LinkChanges } from './linkChanges';
import { Scheduler } from './scheduler';
import { MergedSettings } from './mergedSettings';
import { deliveryChanged, opEvents, type OpEventSources } from './opEvents';
import { settingsWith, withDefaults } from './settings';
import type { Op } from './store/ops';
import { Store, type StoreOptions } from './store/store';
import type { StoreContents } from './store/storeState';
import { seedEndpoints, type EndpointSeed } from './webhookEndpoints';
import { RequestHistory } from './requestHistory';
import { SandboxLog } from './sandboxLog';
import { Inboxes } from './inbox/inboxes';
import { Retention } from './retention';
import { AttemptBodies } from './webhooks/attemptBodies';
import { DeliveryWorker } from './webhooks/deliveryWorker';
import { presentDelivery } from './webhooks/deliveryView';
import { EndpointService } from './webhooks/endpointService';
import { WebhookService } from './webhooks/webhookService';
import { DeliveryWaits } from './webhooks/deliveryWaits';
import { fanOutEvents } from './webhooks/fanOut';
import { newLinkId } from './domain/ids';
import { FaultRules } from './faults/faultRules';
import { EndpointChecks } from './endpointCheck/endpointChecks';
import { SendingWorkspaces } from './workspaces/sendingWorkspaces';
import { MIB, ServerCeilings, type Share, type SharedCeiling } from './workspaces/serverCeilings';
import { sendAttempt } from './webhooks/sendAttempt';
import { DEFAULT_WORKSPACE } from '../shared/workspaceKey';
import { EndpointReports } from './endpointCheck/endpointReports';
import { ImportTurn } from './dataFolder/importTurn';
import { DataFolderService } from './dataFolder/dataFolderService';
import { LinkBatches } from './linkBatches';
import { LinkViews } from './linkViews/linkViews';
import { applyConfiguration, configurationProblems, isMade } from './configuration/applyConfiguration';
import { runConfiguration } from './configuration/precedence';
import { ConfigurationError, type Configuration } from './configuration/readConfiguration';

export interface CoreOptions {
  /** Where the store lives; omitted means in memory. */
  dataDir?: string;
  /** Real time; the sandbox clock runs on it (tests bring their own). */
  clock?: Clock;
  /** Overrides the public_url setting for this run (checkout URLs start with it). */
  publicUrl?: string;
  webhookEndpoints?: EndpointSeed[];
  compactAfter?: number;
  schedulerIntervalMs?: number;
  /** How long a webhook attempt may take (docs/contract.md §8: 10 s). */
  deliveryTimeoutMs?: number;
  /** --fault / --faults: when given, the sandbox starts with exactly these fault rules. */
  faults?: NewFaultRule[];
  /** How the sandbox clock starts: frozen, running, at least some way ahead (the CLI's flags). */
  clockStart?: ClockStart;
  /**
   * A configuration file, checked (readConfiguration): applied at start under the flags above, and
   * again by each reset.
   */
  configuration?: Configuration;
  /** Opens journal segments; tests hand in a file handle that fails or stalls on purpose. */
  openSegment?: StoreOptions['openSegment'];
  /** How the store chunks its writes and how large one record may be (tests pass small ones). */
  storeLimits?: StoreOptions['limits'];
  /** Free space the inbox leaves on the disk (inbox/inboxes.ts); tests pass 0 to fill a disk with it. */
  inboxReserveBytes?: number;
  /** dataDir lies in a data folder already locked (a workspace's): the store takes no lock of its own. */
  heldLock?: StoreOptions['heldLock'];
  /** The workspace this core is (docs/contract.md §15): default unless the server made another. */
  workspace?: string;
  /** The server's record of which workspace sends each webhook on the wire; the default core makes it. */
  sending?: SendingWorkspaces;
  /** The server's ceilings the workspaces share (workspaces/serverCeilings.ts); the default core makes them. */
  ceilings?: ServerCeilings;
}

export interface ListeningInfo {
  host: string;
  port: number;
  /** --port or PORT, the preferred_port setting, or the default. */
  portSource: 'flag' | 'preference' | 'default';
}

/**
 * The sandbox without its HTTP face: store, rules, idempotency and scheduler, and one typed event
 * stream that the CLI logs, Electron main forwards and the console API streams.
 */
export class SandboxCore {
  readonly events = new EventEmitter<{ event: [SandboxEvent] }>();
  readonly links: PaymentLinks;
  readonly idempotency: IdempotencyGuard;
  readonly scheduler: Scheduler;
  /** Changing a link, whole: what is due first, the decision, one commit (every door's one way). */
  readonly linkChanges: LinkChanges;
  readonly deliveries: DeliveryWorker;
  /** Deliveries, their queue and their controls, for the routes. */
  readonly webhooks = new WebhookService(this);
  /** Waits for deliveries: the keyed ?wait= and the test sandbox's waitForDelivery share its one listener. */
  readonly deliveryWaits = new DeliveryWaits(this);
  readonly endpoints: EndpointService;
  readonly time: ClockControls;
  readonly faults: FaultRules;
  /** Endpoint checks (docs/endpoint-check.md): probes of a developer's receiver, kept in memory. */
  readonly endpointChecks: EndpointChecks;
  /** The console's checks of a registered endpoint, kept with it (its last reports). */
  readonly endpointReports: EndpointReports;
  /** API requests and webhook attempts, for GET /sandbox/logs and the commands that follow it. */
  readonly log = new SandboxLog((seq) => this.requests.recorded(seq));
  readonly requests: RequestHistory;
  /** The built-in webhook inboxes (docs/contract.md §12), their messages kept in the data folder. */
  readonly inbox: Inboxes;
  readonly imports = new ImportTurn();
  /** Which workspace this is (docs/contract.md §15). */
  readonly name: string;
  /** Shared by every workspace of the server: the inbox finds a message's sender in it. */
  readonly sending: SendingWorkspaces;
  readonly ceilings: ServerCeilings;
  /** This workspace's parts of the server's ceilings, given back when it closes. */
  private readonly shares: Share[] = [];
  /** The data as a whole: counts, export, import, reset. */
  readonly data = new DataFolderService(this);
  /** Many links at once (the console's samples and bulk actions). */
  readonly linkBatches = new LinkBatches(this);
  /** Windows of the console's Links table in any view, and where a link stands in one. */
  readonly linkViews: LinkViews;
  private readonly merged: MergedSettings;
  /** The server's own origin, set once it listens; the default base of checkout URLs. */
  origin = 'http://127.0.0.1:4545';
  /** Where the server listens and why that port, set once it listens. */
  listening: ListeningInfo | null = null;
  /** The configuration file with the flags that beat it: what start and each reset apply. */
  readonly configuration: Configuration | undefined;
  private configuring: Promise<void> | null = null;
  private readonly opSources: OpEventSources = {
    clock: () => this.clock.view(),
    delivery: (id) => this.store.state.deliveries.get(id),
    present: (delivery) => this.presentDelivery(delivery),
    deliveries: () => this.store.state.deliveries.values(),
  };

  private constructor(
    readonly store: Store,
    readonly clock: SandboxClock,
    private readonly options: CoreOptions,
  ) {
    this.configuration = runConfiguration(options.configuration, options);
    this.name = options.workspace ?? DEFAULT_WORKSPACE;
    this.sending = options.sending ?? new SendingWorkspaces();
    const post = this.sending.sender(this.name, sendAttempt);
    this.ceilings = options.ceilings ?? new ServerCeilings();
    const requestLogShare = this.join(this.ceilings.requestLog, () => this.requests.trim());
    const inboxShare = this.join(this.ceilings.inbox, () => this.inbox.trim());
    const bodiesShare = this.join(this.ceilings.attemptBodies, () => bodies.trim());
    this.merged = new MergedSettings(() => store.state.settings);
    this.requests = new RequestHistory(
      (entry, summary) => {
        if (summary) this.log.request(entry, summary);
        this.emit({ type: 'request.logged', entry });
      },
      () => requestLogShare.capped(this.settings.request_log_mb * MIB),
      options.dataDir,
    );
    this.inbox = new Inboxes((event) => this.emit(event), undefined, options.dataDir, {
      reserveBytes: options.inboxReserveBytes,
      workspace: this.name,
      share: inboxShare,
    });
    this.links = new PaymentLinks(store.state, clock, {
      settings: () => this.settings,
      publicBaseUrl: () => this.publicBaseUrl(),
      settlementAccountId: () => this.settlementAccountId,
      workspace: this.name,
    });
    this.endpoints = new EndpointService(store, clock);
    this.idempotency = new IdempotencyGuard(store.state, clock);
    this.scheduler = new Scheduler(store, this.links, clock, (err) =>
      process.emitWarning(`scheduler: ${err.message}`),
    );
    this.linkChanges = new LinkChanges(store, this.links, this.scheduler);
    this.time = new ClockControls(store, clock, this.scheduler);
    this.faults = new FaultRules(store, clock);
    this.endpointChecks = new EndpointChecks({
      timeoutMs: options.deliveryTimeoutMs ?? 10_000,
      post,
      slots: this.ceilings.endpointChecks,
      realNow: () => clock.realNow(),
      onDone: (check) => this.endpointReports.keep(check),
      eventContext: () => ({
        now: clock.now(),
        settings: this.settings,
        publicBaseUrl: this.publicBaseUrl(),
        settlementAccountId: this.settlementAccountId,
      }),
      links: {
        get: (id) => this.links.get(id),
        // The same change a simulate or a cancel makes: stored, announced, delivered to the endpoints.
        apply: async (id, action) => {
          const change = await this.linkChanges.make(id, (links) =>
            action === 'cancel' ? links.cancel(id) : links.simulate(id, action),
          );
          const event = change.ops.find((op) => op.op === 'event');
          if (event?.op !== 'event') throw new Error(`${action} made no event for ${id}`);
          return event.v;
        },
      },
    });
    this.endpointReports = new EndpointReports({
      checks: this.endpointChecks,
      endpoint: (id) => this.endpoints.find(id),
      exists: (id) => store.state.endpoints.has(id),
    });
    this.deliveries = new DeliveryWorker(
      store,
      clock,
      () => this.settings,
      options.deliveryTimeoutMs ?? 10_000,
      (err) => process.emitWarning(`webhook delivery: ${err.message}`),
      (delivery) => {
        if (this.events.listenerCount('event') > 0)
          this.emit(deliveryChanged(this.presentDelivery(delivery)));
      },
      (delivery, attempt) => this.log.attempt(delivery, attempt),
      post,
    );
    store.setExpander(
      fanOutEvents(
        store.state,
        () => clock.now(),
        () => this.settings,
      ),
    );
    const retention = new Retention(
      store.state,
      () => this.settings,
      () => clock.now(),
    );
    retention.sweep();
    const bodies = new AttemptBodies(store.state, () =>
      bodiesShare.capped(this.settings.attempt_bodies_mb * MIB),
    );
    store.onCommit((ops) => {
      retention.sweep();
      bodies.observe(ops);
      this.log.observe(ops, (id) => store.state.deliveries.get(id));
      this.announce(ops);
    });
    // After the commit listeners above, as when the console's routes made it once the core was open.
    this.linkViews = new LinkViews(store);
  }

  static async open(options: CoreOptions = {}): Promise<SandboxCore> {
    // The store reads the time while it opens, before its clock state is there to read.
    const opened: { store?: Store } = {};
    const clock = new SandboxClock(options.clock ?? systemClock, () => opened.store?.state.clock ?? RUNNING);
    const store = await Store.open({
      dir: options.dataDir,
      compactAfter: options.compactAfter,
      now: () => clock.now(),
      realNow: () => clock.realNow(),
      limits: options.storeLimits,
      openSegment: options.openSegment,
      heldLock: options.heldLock,
    });
    opened.store = store;
    const core = new SandboxCore(store, clock, options);
    // A start that goes no further leaves nothing open: the store, the request log, the inbox log.
    try {
      const firstRun: Op[] = [];
      if (!store.state.settlementAccountId) firstRun.push({ op: 'account', v: newLinkId() });
      if (!store.state.settings) firstRun.push({ op: 'settings', v: withDefaults(null) });
      if (firstRun.length > 0) await store.commit(firstRun);
      // A file that cannot be applied to this store is refused before the server listens.
      const problems = core.configuration
        ? configurationProblems(core.settings, core.configuration, (link) => isMade(store.state, link))
        : [];
      if (core.configuration && problems.length > 0)
        throw new ConfigurationError(core.configuration.source, problems);
    } catch (err) {
      await core.close();
      throw err;
    }
    core.scheduler.start(options.schedulerIntervalMs);
    core.deliveries.start();
    return core;
  }

  /**
   * Applies the configuration and the endpoints named at start, once the server listens: fixture
   * links take their checkout URL from its origin. Requests that arrive meanwhile wait for it.
   */
  async configure(): Promise<void> {
    let done = (): void => undefined;
    this.configuring = new Promise<void>((resolve) => (done = resolve));
    try {
      if (this.configuration) await applyConfiguration(this, this.configuration);
      // After the file: a --webhook-url naming a declared endpoint's URL, with a secret, wins.
      const seeds = seedEndpoints(
        this.store.state.endpoints,
        this.options.webhookEndpoints ?? [],
        isoTime(this.clock.now()),
      );
      if (seeds.length > 0) await this.store.commit(seeds);
    } finally {
      this.configuring = null;
      done();
    }
  }

  /** Calls `next` once start-up has applied the configuration (at once, after that). */
  whenConfigured(next: () => void): void {
    if (this.configuring === null) next();
    else void this.configuring.then(next);
  }

  /** The stored settings over the defaults. */
  get settings(): Settings {
    return this.merged.value;
  }

  get settlementAccountId(): string {
    return this.store.state.settlementAccountId as string;
  }

  publicBaseUrl(): string {
    return this.options.publicUrl ?? this.settings.public_url ?? this.origin;
  }

  async updateSettings(patch: SettingsPatch): Promise<Settings> {
    const next = settingsWith(this.settings, patch);
    await this.store.commit([{ op: 'settings', v: next }]);
    this.requests.trim();
    return next;
  }

  /** Whether --public-url overrides the public_url setting for this run. */
  get publicUrlFlag(): boolean {
    return this.options.publicUrl !== undefined;
  }

  /**
   * An import or a reset; the clock stays unless the contents bring one. The request log stays:
   * it is what the app sent, not the sandbox's state (a reset empties it itself, docs/storage.md).
   */
  async replaceStore(contents: StoreContents): Promise<void> {
    await this.store.replace({ clock: this.store.state.clock, ...contents });
  }

  emit(event: SandboxEvent): void {
    this.events.emit('event', event);
  }

  /**
   * The server is closing: every long poll (a delivery wait, a wait for an endpoint check) answers
   * now, so none holds the close for its wait, and any later one answers at once.
   */
  endWaits(): void {
    this.deliveryWaits.closeAll();
    this.endpointChecks.endWaits();
  }

  async close(): Promise<void> {
    for (const share of this.shares) share.leave();
    this.endpointChecks.stop();
    this.linkViews.close();
    this.scheduler.stop();
    this.deliveries.stop();
    await this.store.close();
    this.requests.close();
    this.inbox.close();
  }

  /** A delivery as people see it (webhooks/deliveryView.ts). */
  presentDelivery(delivery: WebhookDelivery): PresentedDelivery {
    return presentDelivery(delivery, (id) => this.deliveries.isOnWire(id), this.store.state.queuePaused);
  }

  /** Joins a shared ceiling; its trim runs only once this core is whole (a share shrinks later). */
  private join(ceiling: SharedCeiling, trim: () => void): Share {
    const share = ceiling.join(trim);
    this.shares.push(share);
    return share;
  }

  private announce(ops: readonly Op[]): void {
    if (this.events.listenerCount('event') === 0) return;
    for (const event of opEvents(ops, this.opSources)) this.emit(event);
  }
}
