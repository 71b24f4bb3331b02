import type { CreateLinkBody, PaymentLink, SimulateEvent } from '../shared/types';
import type { LinkChange, PaymentLinks } from './domain/paymentLinks';
import type { SandboxError } from './errors';
import type { Scheduler } from './scheduler';
import type { Op } from './store/ops';
import type { Store } from './store/store';

/** What a change came to: the link as changed, or a refusal its caller keeps (see apply). */
export type ChangeOutcome = { change: LinkChange } | { refused: SandboxError };

export interface ApplyOptions {
  /** A refusal to commit rather than throw: the API's 404 and 409 under an Idempotency-Key. */
  keep?(err: unknown): err is SandboxError;
  /** Ops committed with the outcome, in the same commit: the API's stored Idempotency-Key answer. */
  alongside?(outcome: ChangeOutcome): Op[];
}

/**
 * Changing a link, one operation for every door (the API, the console, the checkout page, an
 * endpoint check's effect probes): what is due for the link applied first, so a change never
 * starts from a state it should already have left; the domain's decision; then one durable commit
 * of the change, its event and what the caller stores with it, so a crash loses all or none.
 */
export class LinkChanges {
  constructor(
    private readonly store: Store,
    private readonly links: PaymentLinks,
    private readonly scheduler: Scheduler,
  ) {}

  /**
   * `decide` against the links once `linkId`'s due changes are applied (none for a create), then
   * the commit. A refusal is thrown with nothing committed, unless `keep` takes it.
   */
  async apply(
    linkId: string | undefined,
    decide: (links: PaymentLinks) => LinkChange,
    options: ApplyOptions = {},
  ): Promise<ChangeOutcome> {
    const due = linkId === undefined ? undefined : this.scheduler.catchUp(linkId);
    if (due) await due;
    let outcome: ChangeOutcome;
    try {
      outcome = { change: decide(this.links) };
    } catch (err) {
      if (!options.keep?.(err)) throw err;
      outcome = { refused: err };
    }
    const ops = 'change' in outcome ? outcome.change.ops : [];
    const alongside = options.alongside?.(outcome) ?? [];
    await this.store.commit(alongside.length === 0 ? ops : [...ops, ...alongside]);
    return outcome;
  }

  /** A change the caller wants made or refused (thrown): the link as it now is, and its ops. */
  async make(linkId: string | undefined, decide: (links: PaymentLinks) => LinkChange): Promise<LinkChange> {
    return ((await this.apply(linkId, decide)) as { change: LinkChange }).change;
  }

  async create(body: CreateLinkBody): Promise<PaymentLink> {
    return (await this.make(undefined, (links) => links.create(body))).link;
  }

  async simulate(id: string, event: SimulateEvent, paymentMethod?: string | null): Promise<PaymentLink> {
    return (await this.make(id, (links) => links.simulate(id, event, paymentMethod))).link;
  }

  async cancel(id: string): Promise<PaymentLink> {
    return (await this.make(id, (links) => links.cancel(id))).link;
  }
}
