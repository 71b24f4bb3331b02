import { checkoutUrl } from '../../shared/checkoutUrl';
import type {
  CreateLinkBody,
  ListQuery,
  Pagination,
  PaymentLink,
  Settings,
  SimulateEvent,
} from '../../shared/types';
import { isoTime, type Clock } from '../clock';
import { SandboxError } from '../errors';
import { paginate } from '../pagination';
import type { Op } from '../store/ops';
import type { StoreState } from '../store/storeState';
import { feeProblem, priceLink } from './fees';
import { newEventId, newLinkId } from './ids';
import { dueBy } from '../../shared/linkDue';
import { eventOf, type LinkAction } from '../../shared/linkStates';
import { nextStatus } from './linkStates';

/** A decided change: the link as it will be, and the ops that record it (the link and its event). */
export interface LinkChange {
  link: PaymentLink;
  ops: Op[];
}

const MIN_LIFETIME_MS = 60_000;
const MAX_LIFETIME_MS = 90 * 86_400_000;

/** What a new link takes from the sandbox it is made in, read at the moment it is made. */
export interface LinkSurroundings {
  settings(): Settings;
  /** Where checkout URLs start. */
  publicBaseUrl(): string;
  /** The account a link settles to unless its body names one. */
  settlementAccountId(): string;
  /** The workspace links are made in: its name is in their checkout URL (docs/contract.md §15). */
  workspace?: string;
}

/**
 * The account a new link settles to, in lower case: the sandbox's own string when it is that one,
 * so a million links share one copy rather than holding 56 bytes each.
 */
function accountOf(asked: string | undefined, own: string): string {
  const account = (asked ?? own).toLowerCase();
  return account === own ? own : account;
}

/** The rules of docs/contract.md §4 and §7. Decides changes; committing them is the caller's step. */
export class PaymentLinks {
  constructor(
    private readonly state: StoreState,
    private readonly clock: Clock,
    private readonly surroundings: LinkSurroundings,
  ) {}

  /**
   * A new pending link, made under the sandbox's current settings, checkout base and settlement
   * account unless a caller seeding many links (a configuration file, the benchmarks) fixes them.
   */
  create(
    body: CreateLinkBody,
    settings = this.surroundings.settings(),
    publicBaseUrl = this.surroundings.publicBaseUrl(),
    settlementAccountId = this.surroundings.settlementAccountId(),
    /** A configuration file's fixture declares its own id, so applying the file again finds it. */
    id = newLinkId(),
  ): LinkChange {
    const now = this.clock.now();
    const expiresAt =
      body.expires_at === undefined
        ? now + settings.link_lifetime_seconds * 1000
        : Date.parse(body.expires_at);
    if (expiresAt < now + MIN_LIFETIME_MS || expiresAt > now + MAX_LIFETIME_MS) {
      throw new SandboxError(
        'parameter_invalid',
        `expires_at must be at least 60 seconds and at most 90 days after now (${isoTime(now)}); got ${body.expires_at}.`,
        'expires_at',
      );
    }
    const unpaid = feeProblem(body.amount, settings);
    if (unpaid) throw unpaid;
    const { fee, payer_amount, net_amount } = priceLink(body.amount, settings.fees);
    // Field by field, no spread: a spread leaves the fields after it outside the object, in an
    // array of their own (41 bytes a link more, at a million links 41 MB).
    const link: PaymentLink = {
      id,
      reference_id: body.reference_id ?? null,
      url: checkoutUrl(publicBaseUrl, id, this.surroundings.workspace),
      status: 'pending',
      amount: body.amount,
      fee,
      payer_amount,
      net_amount,
      title: body.title,
      note: body.note ?? null,
      payment_method: null,
      settlement_account_id: accountOf(body.settlement_account_id, settlementAccountId),
      expires_at: isoTime(expiresAt),
      paid_at: null,
      settle_at: null,
      settled_at: null,
      created_at: isoTime(now),
    };
    return { link, ops: [{ op: 'link', v: link }] };
  }

  /** The link, or undefined: for callers that answer a missing link their own way (the checkout page). */
  get(id: string): PaymentLink | undefined {
    return this.state.links.get(id.toLowerCase());
  }

  /** One page of links, newest first; created_after and created_before are exclusive. */
  list(q: ListQuery): { links: PaymentLink[]; pagination: Pagination } {
    const page = paginate(q, 25);
    const { total, links } = this.state.links.list({
      status: q.status,
      createdAfter: q.created_after === undefined ? undefined : isoTime(Date.parse(q.created_after)),
      createdBefore: q.created_before === undefined ? undefined : isoTime(Date.parse(q.created_before)),
      offset: page.offset,
      limit: page.limit,
    });
    return { links, pagination: page.pagination(total) };
  }

  find(id: string, param = 'id'): PaymentLink {
    const link = this.state.links.get(id.toLowerCase());
    if (!link) throw new SandboxError('resource_not_found', `No payment link with id ${id}.`, param);
    return link;
  }

  cancel(id: string): LinkChange {
    return this.transition(this.find(id), 'cancel');
  }

  simulate(id: string, event: SimulateEvent, paymentMethod?: string | null): LinkChange {
    return this.decide(this.find(id, 'payment_link_id'), event, this.surroundings.settings(), paymentMethod);
  }

  /** Any action on a link in hand (one not yet stored, or one of many in a batch). */
  decide(
    link: PaymentLink,
    action: LinkAction,
    settings: Settings,
    paymentMethod?: string | null,
  ): LinkChange {
    if (action !== 'paid') return this.transition(link, action);
    const paidAt = this.clock.now();
    const settleAt = settings.fees.instant_settlement
      ? paidAt
      : paidAt + settings.settlement_delay_seconds * 1000;
    return this.transition(link, 'paid', {
      paid_at: isoTime(paidAt),
      payment_method: paymentMethod ?? 'card',
      settle_at: isoTime(settleAt),
    });
  }

  /**
   * Automatic expiry: the same change and event as simulating "expired", its event stamped with
   * expires_at, the moment it fell due, however much later the clock got there (an advance).
   */
  expireIfDue(id: string, now: number): LinkChange | null {
    const link = this.state.links.get(id);
    if (!link || !dueBy(link, 'expire', now)) return null;
    return this.transition(link, 'expired', {}, Date.parse(link.expires_at));
  }

  settleIfDue(id: string, now: number): LinkChange | null {
    const link = this.state.links.get(id);
    if (!link || !dueBy(link, 'settle', now)) return null;
    const settled = { ...link, settled_at: link.settle_at };
    return { link: settled, ops: [{ op: 'link', v: settled }] };
  }

  private transition(
    link: PaymentLink,
    action: LinkAction,
    fields: Partial<PaymentLink> = {},
    at = this.clock.now(),
  ): LinkChange {
    const status = nextStatus(link.id, link.status, action);
    const changed: PaymentLink = { ...link, ...fields, status };
    const ops: Op[] = [{ op: 'link', v: changed }];
    const type = eventOf(status);
    if (type) {
      ops.push({
        op: 'event',
        v: { id: newEventId(), type, timestamp: isoTime(at), data: changed },
      });
    }
    return { link: changed, ops };
  }
}
