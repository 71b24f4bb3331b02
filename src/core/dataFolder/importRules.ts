import type { StoreExport } from '../../shared/dataFolder';
import { isFinal, isWaiting } from '../../shared/deliveryStatus';
import { faultActionProblem } from '../../shared/faults';
import { IDEMPOTENCY_RETENTION_MS } from '../idempotency';
import { describeValue } from '../validation';
import { webhookUrlProblem } from '../../shared/webhookInputs';
import { endpointHeadersProblem } from '../../shared/endpointHeaders';
import { statusAfterEvent } from '../../shared/linkStates';

type Link = StoreExport['links'][number];
type Event = StoreExport['events'][number];
type Endpoint = StoreExport['endpoints'][number];
type Delivery = StoreExport['deliveries'][number];
type Idempotency = StoreExport['idempotency'][number];
type FaultRules = NonNullable<StoreExport['faults']>;

/** What is wrong with a record that its schema alone cannot see: `at` is a path inside it. */
export interface Broken {
  at: string;
  problem: string;
}

const DAY_MS = 86_400_000;
/** The longest link lifetime (create, docs/contract.md §4) and settlement delay (a setting) allowed. */
const MAX_LIFETIME_MS = 90 * DAY_MS;
const MAX_SETTLEMENT_DELAY_MS = 365 * DAY_MS;

const broken = (at: string, problem: string): Broken => ({ at, problem });
const got = (value: unknown): string => `got ${describeValue(value)}`;

/** Fields only a paid link has: simulate paid sets them (docs/contract.md §7), nothing else does. */
const PAID_FIELDS = ['payment_method', 'paid_at', 'settle_at'] as const;
const UNPAID_NULLS = [...PAID_FIELDS, 'settled_at'] as const;

/** The fee and amount arithmetic of docs/contract.md §4, done as the sandbox does it. */
function feeProblem(link: Link): Broken | null {
  const { fee, amount } = link;
  const total = fee.transaction + fee.instant_settlement;
  if (fee.total !== total) {
    return broken(
      'fee.total',
      `must be fee.transaction + fee.instant_settlement (${total}); ${got(fee.total)}`,
    );
  }
  if (fee.instant_settlement > amount) {
    return broken(
      'fee.instant_settlement',
      `must be at most the amount (${amount}); ${got(fee.instant_settlement)}`,
    );
  }
  const payerPays = fee.paid_by === 'payer';
  const payer = payerPays ? amount + total : amount;
  if (link.payer_amount !== payer) {
    return broken(
      'payer_amount',
      `must be ${payer} (the amount${payerPays ? ' + fee.total' : ''}, as fee.paid_by is ${fee.paid_by}); ${got(link.payer_amount)}`,
    );
  }
  const net = payerPays ? amount : amount - total;
  if (link.net_amount !== net) {
    return broken(
      'net_amount',
      `must be ${net} (the amount${payerPays ? '' : ' − fee.total'}, as fee.paid_by is ${fee.paid_by}); ${got(link.net_amount)}`,
    );
  }
  return null;
}

/**
 * Create keeps expires_at 60 s to 90 days after created_at, but the floor here is created_at
 * itself: a test event's expired sample link expires the moment it is made.
 */
function timesProblem(link: Link): Broken | null {
  const created = Date.parse(link.created_at);
  const expires = Date.parse(link.expires_at);
  if (expires < created || expires > created + MAX_LIFETIME_MS) {
    return broken(
      'expires_at',
      `must be from created_at (${link.created_at}) to 90 days after it; ${got(link.expires_at)}`,
    );
  }
  if (link.status !== 'succeeded') {
    for (const key of UNPAID_NULLS) {
      if (link[key] !== null)
        return broken(
          key,
          `must be null while the link is ${link.status} (only a succeeded link was paid); ${got(link[key])}`,
        );
    }
    return null;
  }
  for (const key of PAID_FIELDS) {
    if (link[key] === null) return broken(key, 'must be set on a succeeded link; got null');
  }
  const delay = Date.parse(link.settle_at as string) - Date.parse(link.paid_at as string);
  if (delay < 0 || delay > MAX_SETTLEMENT_DELAY_MS) {
    return broken(
      'settle_at',
      `must be from paid_at (${link.paid_at}) to 365 days after it; ${got(link.settle_at)}`,
    );
  }
  if (link.settled_at !== null && link.settled_at !== link.settle_at) {
    return broken('settled_at', `must be null or settle_at (${link.settle_at}); ${got(link.settled_at)}`);
  }
  return null;
}

export function linkProblem(link: Link): Broken | null {
  const tail = `/pay/${link.id}`;
  // Case aside: an imported link's id is lowercased, its URL kept as it was.
  if (!link.url.endsWith(tail) && !link.url.toLowerCase().endsWith(tail.toLowerCase())) {
    return broken('url', `must be the link's checkout URL, ending in /pay/${link.id}; ${got(link.url)}`);
  }
  return feeProblem(link) ?? timesProblem(link);
}

/** An event carries its link as the change left it. */
export function eventProblem(event: Event): Broken | null {
  const status = statusAfterEvent(event.type);
  if (event.data.status !== status) {
    return broken('data.status', `must be ${status} in a ${event.type} event; ${got(event.data.status)}`);
  }
  const inLink = linkProblem(event.data);
  return inLink === null ? null : broken(`data.${inLink.at}`, inLink.problem);
}

export function endpointProblem(endpoint: Endpoint): Broken | null {
  const problem = webhookUrlProblem(endpoint.url);
  if (problem !== null) return broken('url', `must be an absolute http:// or https:// URL: ${problem}`);
  const headers = endpoint.headers === undefined ? null : endpointHeadersProblem(endpoint.headers);
  if (headers !== null) return broken(headers.param, headers.problem);
  const upper = Object.keys(endpoint.headers ?? {}).find((name) => name !== name.toLowerCase());
  return upper === undefined
    ? null
    : broken(`headers.${upper}`, 'must be in lower case, as the sandbox keeps names');
}

const delivered = (a: Delivery['attempts'][number]): boolean =>
  a.response !== null && a.response.status >= 200 && a.response.status < 300;

/** The worker's bookkeeping (docs/contract.md §8): what each status holds, and each attempt's outcome. */
export function deliveryProblem(delivery: Delivery): Broken | null {
  const { status, next_attempt_at: next } = delivery;
  if (isWaiting(delivery) && next === null) {
    return broken('next_attempt_at', `must be set while the delivery is ${status}; got null`);
  }
  if (isFinal(delivery) && next !== null) {
    return broken('next_attempt_at', `must be null once the delivery is ${status}; ${got(next)}`);
  }
  let last: Delivery['attempts'][number] | undefined;
  for (const [i, attempt] of delivery.attempts.entries()) {
    if (attempt.series > delivery.series) {
      return broken(
        `attempts[${i}].series`,
        `must be at most the delivery's series (${delivery.series}); ${got(attempt.series)}`,
      );
    }
    if (delivered(attempt) !== (attempt.error === null)) {
      const why =
        attempt.error === null
          ? 'an attempt without a 2xx response has an error'
          : 'a 2xx response is no error';
      return broken(
        `attempts[${i}].error`,
        `must ${attempt.error === null ? 'be set' : 'be null'} (${why}); ${got(attempt.error)}`,
      );
    }
    if (attempt.series === delivery.series) last = attempt;
  }
  if (isFinal(delivery)) {
    const ok = status === 'delivered';
    if (!last || delivered(last) !== ok) {
      return broken(
        'attempts',
        `must end, in series ${delivery.series}, with an attempt that ${ok ? 'was answered 2xx' : 'failed'}, as the delivery is ${status}`,
      );
    }
  }
  return null;
}

export function idempotencyProblem(record: Idempotency): Broken | null {
  const expires = Date.parse(record.created_at) + IDEMPOTENCY_RETENTION_MS;
  if (record.expires_at_ms !== expires) {
    return broken(
      'expires_at_ms',
      `must be 24 hours after created_at (${expires}); ${got(record.expires_at_ms)}`,
    );
  }
  return null;
}

/** Fault rules as POST /sandbox/faults makes them: each action with its own fields, ids distinct. */
export function faultRulesProblem(rules: FaultRules): Broken | null {
  const ids = new Set<string>();
  for (const [i, rule] of rules.entries()) {
    if (ids.has(rule.id)) return broken(`[${i}].id`, `must be unique; ${rule.id} is an earlier rule's id`);
    ids.add(rule.id);
    const action = faultActionProblem(rule.action);
    if (action) return broken(`[${i}].${action.param}`, `must fit the action's type: ${action.problem}`);
  }
  return null;
}
