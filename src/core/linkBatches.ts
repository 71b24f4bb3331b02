import { cannotTake } from '../shared/linkStates';
import type { BulkAction, BulkResult, BulkSkipReason, LinkStatus, SampleResult } from '../shared/types';
import { SandboxError } from './errors';
import type { LinkChange } from './domain/paymentLinks';
import { feeProblem } from './domain/fees';
import { newEventId } from './domain/ids';
import { commitInSlices } from './commitInSlices';
import type { SandboxCore } from './sandboxCore';
import { samplePlan } from './sampleLinks';

/** Most links a console batch (samples, a bulk action) may name: a bound on one request's memory. */
export const MAX_BATCH_LINKS = 10_000;
/** The highest number a sample may have: a run in parts numbers its samples on from part to part. */
export const MAX_SAMPLE_NUMBER = 1_000_000;

/** Where a call's samples fall in a run made in parts; a call alone is a run of its own. */
export interface SamplePart {
  /** The number of the call's first sample (1 for a run's first part). */
  from?: number;
  /** The run's tag, from its first part's answer: every sample of the run carries it. */
  run?: string;
}

/**
 * Many links at once for the console: sample links in a mix of states, and one action applied to
 * a selection. Every change is decided by the same rules as a single one and records the same
 * webhook event; only the commits are grouped.
 */
export class LinkBatches {
  constructor(private readonly core: SandboxCore) {}

  async samples(count: number, part: SamplePart = {}): Promise<SampleResult> {
    const by_status: Partial<Record<LinkStatus, number>> = {};
    const tag = part.run ?? newEventId().slice(-6);
    const first = (part.from ?? 1) - 1;
    if (first + count > MAX_SAMPLE_NUMBER)
      throw new SandboxError(
        'parameter_invalid',
        `from ${first + 1} and count ${count} would number samples up to ${first + count}; they are numbered up to ${MAX_SAMPLE_NUMBER}.`,
        'from',
      );
    // All or none: a fee too large for one sample's amount refuses the call before any is made.
    // Sample 1 has the smallest amount of all, so a run's first part refuses such a run whole.
    for (let n = first; n < first + count; n++) {
      const unpaid = feeProblem(samplePlan(n, tag).body.amount, this.core.settings);
      if (unpaid)
        throw new SandboxError(
          'parameter_invalid',
          `No samples were made: sample ${n + 1}'s ${unpaid.message}`,
        );
    }
    const { core } = this;
    await commitInSlices(core.store, count, (i) => {
      const plan = samplePlan(first + i, tag);
      const created = core.links.create(plan.body);
      if (!plan.then) {
        by_status.pending = (by_status.pending ?? 0) + 1;
        return created.ops;
      }
      // Decided on the new link before it is stored: the same transition a stored one would take.
      const next = core.links.decide(created.link, plan.then.action, core.settings, plan.then.paymentMethod);
      by_status[next.link.status] = (by_status[next.link.status] ?? 0) + 1;
      return [...created.ops, ...next.ops];
    });
    return { created: count, by_status, run: tag };
  }

  async bulk(ids: string[], action: BulkAction, paymentMethod?: string | null): Promise<BulkResult> {
    if (ids.length > MAX_BATCH_LINKS) {
      throw new SandboxError(
        'parameter_invalid',
        `ids may name at most ${MAX_BATCH_LINKS} links at once; got ${ids.length}. Apply the action in parts.`,
        'ids',
      );
    }
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const skipped = new Map<string, BulkSkipReason>();
    let changed = 0;
    await commitInSlices(this.core.store, unique.length, (i) => {
      const change = this.tryChange(unique[i] as string, action, paymentMethod, skipped);
      if (!change) return [];
      changed++;
      return change.ops;
    });
    return {
      action,
      requested: unique.length,
      changed,
      skipped: unique.length - changed,
      reasons: [...skipped.values()],
    };
  }

  /** The change for one link, or its reason to be skipped, counted with the others like it. */
  private tryChange(
    id: string,
    action: BulkAction,
    paymentMethod: string | null | undefined,
    skipped: Map<string, BulkSkipReason>,
  ): LinkChange | null {
    const link = this.core.store.state.links.get(id);
    try {
      if (!link) throw new SandboxError('resource_not_found', `No payment link with id ${id}.`, 'ids');
      return this.core.links.decide(link, action, this.core.settings, paymentMethod);
    } catch (err) {
      if (!(err instanceof SandboxError)) throw err;
      const status = link?.status ?? null;
      const key = `${err.code} ${status}`;
      const reason = skipped.get(key) ?? {
        code: err.code,
        status,
        message: link ? cannotTake(action, link.status) : 'no such link',
        count: 0,
        ids: [],
      };
      reason.count++;
      reason.ids.push(id);
      skipped.set(key, reason);
      return null;
    }
  }
}
