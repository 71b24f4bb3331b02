import { randomBytes } from 'node:crypto';
import {
  ENDPOINT_CHECKS_KEPT,
  type EndpointCheck,
  type EndpointCheckProbe,
  type EndpointCheckStart,
} from '../../shared/endpointCheck';
import { isoTime } from '../clock';
import { SandboxError } from '../errors';
import type { sendAttempt } from '../webhooks/sendAttempt';
import type { SharedSlots } from '../workspaces/serverCeilings';
import { webhookSecretProblem, webhookUrlProblem } from '../../shared/webhookInputs';
import type { TestEventContext } from '../webhooks/testEvent';
import { effectProbes, type LinkDriver } from './effectProbes';
import { effectTarget } from './effectTarget';
import { PROBES, type Probe } from './probes';

export interface EndpointCheckDeps {
  /** How long one probe request may take: the delivery timeout (docs/contract.md §8). */
  timeoutMs: number;
  /** The server's endpoint checks running at once, shared by its workspaces (workspaces/serverCeilings.ts). */
  slots: SharedSlots;
  /** How a probe request goes out (workspaces/sendingWorkspaces.ts). */
  post: typeof sendAttempt;
  realNow(): number;
  eventContext(): TestEventContext;
  /** The sandbox's links, for the effect checks (docs/endpoint-check.md, "Effect checks"). */
  links: LinkDriver;
  probes?: Probe[];
  /** Told of each check as it finishes, before the oldest finished may be dropped (endpointReports.ts). */
  onDone?(check: EndpointCheck): void;
}

const newCheckId = (): string => `chk_${randomBytes(12).toString('hex')}`;

/**
 * Endpoint checks (docs/endpoint-check.md): each runs its probes one after another against one
 * URL, in the background; every running check and the ENDPOINT_CHECKS_KEPT last finished are kept in
 * memory, nothing is stored.
 */
export class EndpointChecks {
  private readonly checks = new Map<string, EndpointCheck>();
  /** Finished checks' ids, oldest first: the first to go once more than ENDPOINT_CHECKS_KEPT finished. */
  private readonly finished: string[] = [];
  private readonly probes: Probe[];
  private stopped = false;
  /** Followers waiting for a running check to finish (whenDone), by its id. */
  private readonly waiting = new Map<string, Set<() => void>>();
  /** Set once the server closes: a follower is answered at once, so none holds the close. */
  closing = false;

  constructor(private readonly deps: EndpointCheckDeps) {
    this.probes = deps.probes ?? PROBES;
  }

  /** Starts a check; the report as it is now (every probe pending), its id to poll. */
  start(input: EndpointCheckStart): EndpointCheck {
    const urlProblem = webhookUrlProblem(input.url);
    if (urlProblem) throw new SandboxError('parameter_invalid', urlProblem, 'url');
    const secretProblem = webhookSecretProblem(input.secret, 'secret');
    if (secretProblem) throw new SandboxError('parameter_invalid', `${secretProblem}.`, 'secret');
    const target = effectTarget(input, this.deps.links);
    const refused = this.deps.slots.take(this);
    if (refused) {
      // A probe ends within the delivery timeout, so by then a running check has moved on, if not finished.
      const retryAfter = Math.max(1, Math.ceil(this.deps.timeoutMs / 1000));
      const why =
        'all' in refused
          ? `${refused.all} endpoint checks are running already, the most the sandbox runs at once across its workspaces`
          : `this workspace runs ${refused.share} endpoint checks already, its fair part of the ${this.deps.slots.limit} the sandbox runs at once while other workspaces run some too`;
      throw new SandboxError(
        'rate_limited',
        `${why}; start this one once one of them has finished (retry after ${retryAfter} s, as Retry-After says).`,
        undefined,
        retryAfter,
      );
    }
    const probes = target ? [...this.probes, ...effectProbes(target, this.deps.links)] : this.probes;
    const check: EndpointCheck = {
      id: newCheckId(),
      url: input.url,
      status: 'running',
      result: null,
      progress: { done: 0, total: probes.length },
      counts: { pass: 0, fail: 0, warn: 0 },
      started_at: isoTime(this.deps.realNow()),
      finished_at: null,
      probes: probes.map((probe) => ({
        name: probe.name,
        title: probe.title,
        sends: probe.sends,
        expects: probe.expects,
        why: probe.why,
        fix: probe.fix,
        status: 'pending',
        reason: null,
        exchanges: [],
      })),
    };
    this.checks.set(check.id, check);
    void this.run(check, input.secret, probes).finally(() => this.deps.slots.give(this));
    return structuredClone(check);
  }

  /** A check as it is now: running with its progress, or done with its result. */
  get(id: string): EndpointCheck {
    const check = this.checks.get(id);
    if (!check)
      throw new SandboxError(
        'resource_not_found',
        `No endpoint check ${id}: every running check and the last ${ENDPOINT_CHECKS_KEPT} finished are kept in memory until the sandbox stops.`,
      );
    return structuredClone(check);
  }

  /**
   * The check once it is done, or as it is after `ms`, when `gone` aborts or when the server
   * closes: a follower waits for the report instead of reading it again and again (the keyed and
   * console routes' `?wait=`, check-endpoint, sandbox.checkEndpoint, the console).
   */
  async whenDone(id: string, ms: number, gone?: AbortSignal): Promise<EndpointCheck> {
    const now = this.get(id);
    if (now.status === 'done' || ms <= 0 || this.closing) return now;
    await new Promise<void>((resolve) => {
      const waiters = this.waiting.get(id) ?? new Set<() => void>();
      this.waiting.set(id, waiters);
      const done = (): void => {
        clearTimeout(timer);
        gone?.removeEventListener('abort', done);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiting.get(id) === waiters) this.waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
      if (gone?.aborted) done();
      else gone?.addEventListener('abort', done);
    });
    return this.get(id);
  }

  /** The server is closing: every follower is answered now, and any later one at once. */
  endWaits(): void {
    this.closing = true;
    for (const id of [...this.waiting.keys()]) this.wake(id);
  }

  /** No probe starts after this (the sandbox is closing); one on the wire ends by its timeout. */
  stop(): void {
    this.stopped = true;
    this.endWaits();
  }

  private wake(id: string): void {
    for (const done of [...(this.waiting.get(id) ?? [])]) done();
  }

  private async run(check: EndpointCheck, secret: string, probes: Probe[]): Promise<void> {
    const run = {
      url: check.url,
      secret,
      timeoutMs: this.deps.timeoutMs,
      post: this.deps.post,
      realNow: () => this.deps.realNow(),
      eventContext: () => this.deps.eventContext(),
    };
    for (const [i, probe] of probes.entries()) {
      if (this.stopped) return;
      const shown = check.probes[i] as EndpointCheckProbe;
      shown.status = 'running';
      try {
        const verdict = await probe.run(run, (exchange) => shown.exchanges.push(exchange));
        shown.status = verdict.status;
        shown.reason = verdict.reason;
      } catch (err) {
        shown.status = 'fail';
        shown.reason = `The probe could not run: ${(err as Error).message}`;
      }
      check.counts[shown.status as 'pass' | 'fail' | 'warn'] += 1;
      check.progress.done += 1;
    }
    check.result = check.counts.fail > 0 ? 'fail' : check.counts.warn > 0 ? 'warn' : 'pass';
    check.status = 'done';
    check.finished_at = isoTime(this.deps.realNow());
    this.deps.onDone?.(structuredClone(check));
    this.wake(check.id);
    // Counted by when they finished, not started: a running check is never dropped (its poller would
    // lose it), and one that just finished outlives the ones that finished before it.
    this.finished.push(check.id);
    while (this.finished.length > ENDPOINT_CHECKS_KEPT) this.checks.delete(this.finished.shift() as string);
  }
}
