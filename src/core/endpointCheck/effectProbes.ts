// The effect checks of an endpoint check (docs/endpoint-check.md, "Effect checks"; docs/contract.md §14):
// a pending link the app made is driven through its states and the app's state URL is read around
// each request, so what the receiver did is judged, not only what it answered.
import type { EndpointCheckExchange } from '../../shared/endpointCheck';
import type { PaymentLink, WebhookEvent } from '../../shared/types';
import { isoTime } from '../clock';
import { newEventId } from '../domain/ids';
import { send as sendEvent, type ProbeRun } from './probeSending';
import type { Probe } from './probes';
import { readState, stateUrlFor, valueAt, type StateReading } from './stateReading';
import { mustAccept, type Verdict } from './verdicts';

/** How effect checks move the link: the sandbox's own services, as a simulate or a cancel does. */
export interface LinkDriver {
  get(id: string): PaymentLink | undefined;
  /** Applies the action and commits it (stored, announced, delivered to registered endpoints); its event. */
  apply(id: string, action: 'failed' | 'cancel'): Promise<WebhookEvent>;
}

/** What the effect checks were asked to look at, validated when the check starts. */
export interface EffectTarget {
  linkId: string;
  stateUrl: string;
  statePath: string;
}

type RecordExchange = (exchange: EndpointCheckExchange) => void;

/** Thrown when a step cannot go on; the probe fails with its message. */
class EffectStop extends Error {}

const shown = (document: unknown): string => {
  const text = document === null ? '404 (no order yet)' : JSON.stringify(document);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The three effect probes of one check; they share the link and run after the stateless probes. */
export function effectProbes(target: EffectTarget, links: LinkDriver): Probe[] {
  const link = (): PaymentLink => {
    const found = links.get(target.linkId);
    if (!found) throw new EffectStop(`Payment link ${target.linkId} is no longer in the sandbox.`);
    return found;
  };
  const stateUrl = (): string => stateUrlFor(target.stateUrl, link());

  const read = async (run: ProbeRun, record: RecordExchange): Promise<StateReading> => {
    const reading = await readState(stateUrl(), run.timeoutMs, () => run.realNow());
    record(reading.exchange);
    if (reading.problem)
      throw new EffectStop(`${reading.problem[0]?.toUpperCase()}${reading.problem.slice(1)}.`);
    return reading;
  };

  const send = async (
    run: ProbeRun,
    record: RecordExchange,
    event: WebhookEvent,
    what: string,
  ): Promise<void> => {
    const exchange = await sendEvent(run, record, event);
    const verdict = mustAccept(exchange, what);
    if (verdict.status === 'fail') throw new EffectStop(verdict.reason);
  };

  // Made once, by the first probe that needs them: failed, then canceled, as the link's real events.
  let driven: Promise<{ failed: WebhookEvent; canceled: WebhookEvent }> | undefined;
  const drive = (): Promise<{ failed: WebhookEvent; canceled: WebhookEvent }> => {
    driven ??= (async () => {
      const status = link().status;
      if (status !== 'pending')
        throw new EffectStop(
          `Payment link ${target.linkId} is ${status}, no longer pending, so it cannot be driven through its states.`,
        );
      const failed = await links.apply(target.linkId, 'failed');
      const canceled = await links.apply(target.linkId, 'cancel');
      return { failed, canceled };
    })();
    return driven;
  };

  const judged =
    (steps: (run: ProbeRun, record: RecordExchange) => Promise<Verdict>): Probe['run'] =>
    async (run, record) => {
      try {
        return await steps(run, record);
      } catch (err) {
        if (err instanceof EffectStop) return { status: 'fail', reason: err.message };
        throw err;
      }
    };

  return [
    {
      name: 'effect_refused',
      title: 'A refused event changes nothing',
      sends: `a payment_link.paid for link ${target.linkId} with a wrong signature (the link is not changed); your state URL is read before and after`,
      expects: 'the state URL answers the same after as before',
      why: 'An endpoint that answers 401 but has already written the order (or writes it and then fails) lets anyone mark an order paid.',
      fix: 'Verify the signature first and return before touching anything when it does not hold; parse and apply the event only after.',
      run: judged(async (run, record) => {
        const current = link();
        if (current.status !== 'pending')
          throw new EffectStop(`Payment link ${target.linkId} is ${current.status}, no longer pending.`);
        const before = await read(run, record);
        const now = run.eventContext().now;
        const paid = {
          ...current,
          status: 'succeeded' as const,
          paid_at: isoTime(now),
          payment_method: 'card',
        };
        const event: WebhookEvent = {
          id: newEventId(),
          type: 'payment_link.paid',
          timestamp: isoTime(now),
          data: paid,
        };
        await sendEvent(run, record, event, { signature: 'forged' });
        const after = await read(run, record);
        if (!same(before.document, after.document))
          return {
            status: 'fail',
            reason: `A payment_link.paid with a wrong signature changed the order: the state URL answered ${shown(before.document)} before and ${shown(after.document)} after.`,
          };
        return {
          status: 'pass',
          reason: `The state URL answered ${shown(after.document)} before and after: nothing changed.`,
        };
      }),
    },
    {
      name: 'effect_duplicate',
      title: 'A duplicate is applied once',
      sends: `link ${target.linkId} is made failed, then canceled, through the sandbox (its real events); its payment_link.canceled is sent twice with the same webhook-id, and your state URL read after each`,
      expects:
        'a 2xx both times and the same state URL answer after the second as after the first (the whole answer, so a count or a list of payments that grew shows)',
      why: 'Deliveries are at least once: a retry brings the same event again. A receiver that applies it again ships twice, refunds twice or counts a payment twice.',
      fix: 'Record each webhook-id you have applied (a unique key, written in the same transaction as the effect); when one comes again, answer 2xx and do nothing.',
      run: judged(async (run, record) => {
        // Read first: a state URL that does not answer stops the check before the link is changed.
        await read(run, record);
        const { canceled } = await drive();
        await send(run, record, canceled, 'payment_link.canceled');
        const first = await read(run, record);
        if (first.document === null)
          throw new EffectStop(
            `After the endpoint accepted payment_link.canceled, the state URL ${stateUrl()} still answers 404: it must name the order the event is about (check the placeholder: {reference_id} or {link_id}).`,
          );
        if (valueAt(first.document, target.statePath) === undefined)
          throw new EffectStop(
            `The state URL's answer ${shown(first.document)} has nothing at state_path ${target.statePath}.`,
          );
        await send(run, record, canceled, 'The same payment_link.canceled again');
        const second = await read(run, record);
        if (!same(first.document, second.document))
          return {
            status: 'fail',
            reason: `The same event (same webhook-id) was applied twice: the state URL answered ${shown(first.document)} after the first delivery and ${shown(second.document)} after the second.`,
          };
        return {
          status: 'pass',
          reason: `The state URL answered ${shown(second.document)} after both deliveries: applied once.`,
        };
      }),
    },
    {
      name: 'effect_out_of_order',
      title: 'A final state is not moved back',
      sends: `link ${target.linkId}'s older payment_link.failed, after its payment_link.canceled (as a late retry brings it); your state URL is read before and after`,
      expects: `a 2xx and the same value at ${target.statePath} after as before (still canceled)`,
      why: 'Deliveries are not ordered: a retry of an older event can come after a newer one. A receiver that applies whatever comes last reopens a canceled order, or marks a paid one failed.',
      fix: 'Give your states an order (pending, failed, then succeeded, expired or canceled as final) and apply an event only when it moves the order forward; or compare the event timestamp with the last one applied.',
      run: judged(async (run, record) => {
        const before = await read(run, record);
        const { failed, canceled } = await drive();
        if (before.document === null) await send(run, record, canceled, 'payment_link.canceled');
        const settled = before.document === null ? await read(run, record) : before;
        const was = valueAt(settled.document, target.statePath);
        if (was === undefined)
          throw new EffectStop(
            `The state URL's answer ${shown(settled.document)} has nothing at state_path ${target.statePath}.`,
          );
        await send(run, record, failed, 'The late payment_link.failed');
        const after = await read(run, record);
        const is = valueAt(after.document, target.statePath);
        if (!same(was, is))
          return {
            status: 'fail',
            reason: `A late payment_link.failed, older than the canceled already applied, moved ${target.statePath} from ${JSON.stringify(was)} to ${JSON.stringify(is)}.`,
          };
        return {
          status: 'pass',
          reason: `${target.statePath} stayed ${JSON.stringify(is)} after the late payment_link.failed.`,
        };
      }),
    },
  ];
}
