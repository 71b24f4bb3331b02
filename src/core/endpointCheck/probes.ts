// The probes of an endpoint check, in the order they run (docs/endpoint-check.md explains each).
import type { EndpointCheckExchange } from '../../shared/endpointCheck';
import { newWebhookSecret } from '../webhookEndpoints';
import { send, signer, type ProbeRun } from './probeSending';
import { checkEvent, checkLinkId, largeEvent, unknownTypeEvent } from './syntheticEvents';
import { inTime, mustAccept, mustRefuse, noRedirect, worst, type Verdict } from './verdicts';

export interface Probe {
  name: string;
  title: string;
  sends: string;
  expects: string;
  why: string;
  fix: string;
  run(run: ProbeRun, record: (exchange: EndpointCheckExchange) => void): Promise<Verdict>;
}

const TEN_MINUTES = 10 * 60 * 1000;

const VERIFY_FIX =
  'Verify webhook-signature over the raw body with your whsec_ secret before doing anything (Webhook.verify of a Standard Webhooks library, or HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}" under the base64-decoded secret, compared in constant time), and answer 400 or 401 when it does not hold.';

export const PROBES: Probe[] = [
  {
    name: 'valid_event',
    title: 'A valid event',
    sends: 'a payment_link.paid event, signed with your secret, as a delivery sends it',
    expects: 'a 2xx within the delivery timeout; above 2 s is a warning',
    why: 'Anything but a 2xx is retried and, after the last retry, the delivery is marked failed; an answer near the timeout turns into timeouts once the receiver is busy.',
    fix: 'Answer 2xx as soon as the signature holds and the event is recorded; do slow work (emails, fulfilment) after answering, from a queue.',
    async run(run, record) {
      const exchange = await send(run, record, checkEvent('payment_link.paid', run.eventContext()));
      return inTime(mustAccept(exchange, 'A valid, signed event'), exchange);
    },
  },
  {
    name: 'wrong_signature',
    title: 'A wrong signature',
    sends: 'a valid event whose webhook-signature is a v1 signature made with another secret',
    expects: 'a 4xx (400 or 401)',
    why: 'Anyone who finds your URL can post to it; only the signature proves the event came from the provider. An endpoint that accepts a wrong signature lets anyone mark an order paid.',
    fix: VERIFY_FIX,
    async run(run, record) {
      const event = checkEvent('payment_link.paid', run.eventContext());
      return mustRefuse(await send(run, record, event, { signature: 'forged' }), 'A wrong signature');
    },
  },
  {
    name: 'missing_signature',
    title: 'No signature header',
    sends: 'a valid event with webhook-id and webhook-timestamp but no webhook-signature header',
    expects: 'a 4xx (400 or 401)',
    why: 'A check that only runs when the header is there is no check: an attacker leaves it out.',
    fix: `Treat a missing webhook-signature as a signature that does not hold. ${VERIFY_FIX}`,
    async run(run, record) {
      const event = checkEvent('payment_link.paid', run.eventContext());
      return mustRefuse(await send(run, record, event, { signature: null }), 'No webhook-signature header');
    },
  },
  {
    name: 'stale_timestamp',
    title: 'A timestamp 10 minutes old',
    sends: 'a valid event correctly signed for a webhook-timestamp 10 minutes in the past',
    expects: 'a 4xx (400 or 401)',
    why: 'A signature proves who sent a request, not when: without a timestamp tolerance, a delivery captured once can be posted again at any time (a replay).',
    fix: 'Refuse a webhook-timestamp more than 5 minutes from your clock (Standard Webhooks libraries do), and keep the server clock synchronised (NTP).',
    async run(run, record) {
      const event = checkEvent('payment_link.paid', run.eventContext());
      const exchange = await send(run, record, event, { signedAt: run.realNow() - TEN_MINUTES });
      return mustRefuse(exchange, 'A timestamp 10 minutes old');
    },
  },
  {
    name: 'future_timestamp',
    title: 'A timestamp 10 minutes ahead',
    sends: 'a valid event correctly signed for a webhook-timestamp 10 minutes in the future',
    expects: 'a 4xx (400 or 401)',
    why: 'A tolerance that only looks back lets a request signed for later be replayed for as long as it reaches ahead.',
    fix: 'Refuse a webhook-timestamp more than 5 minutes from your clock in either direction.',
    async run(run, record) {
      const event = checkEvent('payment_link.paid', run.eventContext());
      const exchange = await send(run, record, event, { signedAt: run.realNow() + TEN_MINUTES });
      return mustRefuse(exchange, 'A timestamp 10 minutes ahead');
    },
  },
  {
    name: 'rotated_secret',
    title: 'Two signatures after a secret rotation',
    sends:
      'a valid event whose webhook-signature carries two signatures, "v1,<made with another secret> v1,<made with yours>"',
    expects: 'a 2xx',
    why: 'After a secret rotation deliveries are signed with the old and the new secret side by side; a receiver that checks only the first signature drops every delivery until the old secret expires.',
    fix: 'Split webhook-signature on spaces and accept the request when any v1 signature holds (Standard Webhooks libraries do).',
    async run(run, record) {
      const event = checkEvent('payment_link.paid', run.eventContext());
      const endpoint = signer(newWebhookSecret(), [run.secret]);
      return mustAccept(await send(run, record, event, { endpoint }), 'Your signature second of two');
    },
  },
  {
    name: 'duplicate',
    title: 'The same event twice',
    sends: 'one event twice, one after the other, with the same webhook-id and body (each signed when sent)',
    expects: 'a 2xx both times (and the work done once)',
    why: 'Deliveries are at least once: a timeout or a lost answer brings the same event again. A receiver that errors on the second copy is retried until the delivery fails; one that does the work again ships twice.',
    fix: 'Record each webhook-id you have processed (a unique key in your database); when one comes again, answer 2xx without doing the work again.',
    async run(run, record) {
      const event = checkEvent('payment_link.paid', run.eventContext());
      const first = mustAccept(await send(run, record, event), 'The first delivery');
      const second = mustAccept(await send(run, record, event), 'The same webhook-id again');
      return worst([first, second]);
    },
  },
  {
    name: 'out_of_order',
    title: 'A link’s events out of order',
    sends:
      'payment_link.canceled for a link, then the payment_link.failed that came before it (older timestamp)',
    expects: 'a 2xx for both; the link stays canceled in your records',
    why: 'Deliveries can arrive out of order (retries, delays). A receiver that refuses the older event has it retried for nothing; one that applies it moves a final state back.',
    fix: 'Take both with a 2xx, and apply an event only when it moves the order forward: canceled, paid and expired are final, so a failed arriving after canceled changes nothing (compare statuses, or the event timestamp).',
    async run(run, record) {
      const ctx = run.eventContext();
      const linkId = checkLinkId();
      const failed = checkEvent('payment_link.failed', { ...ctx, now: ctx.now - 1000 }, linkId);
      const canceled = checkEvent('payment_link.canceled', ctx, linkId);
      const newer = mustAccept(await send(run, record, canceled), 'payment_link.canceled');
      const older = mustAccept(await send(run, record, failed), 'Its older payment_link.failed after it');
      return worst([newer, older]);
    },
  },
  {
    name: 'unknown_type',
    title: 'An unknown event type',
    sends: 'a correctly signed event of type payment_link.endpoint_check_unknown',
    expects: 'a 2xx (the event ignored)',
    why: 'Providers add event types. A receiver that answers 4xx or 5xx to a type it does not know has it retried until the delivery fails, and fills its error logs.',
    fix: 'Verify the signature, then answer 2xx to a type you do not handle, doing nothing with it.',
    async run(run, record) {
      const exchange = await send(run, record, unknownTypeEvent(run.eventContext()));
      return mustAccept(exchange, 'An event of a type you do not handle');
    },
  },
  {
    name: 'large_body',
    title: 'A large body with Unicode',
    sends:
      'a correctly signed event whose note is 1,000 characters and whose title, note and reference_id hold accents, CJK, an emoji and U+2028',
    expects: 'a 2xx (the signature verified over the raw body)',
    why: 'A receiver that verifies a re-serialised body (parsed, then written again with escaped Unicode or other spacing) computes another signature and refuses real events; a small body limit refuses long ones.',
    fix: 'Verify the raw body bytes exactly as received (express.raw, a Fastify content-type parser that keeps the string, request.text() in Next.js) before parsing, and allow bodies of at least 64 KiB.',
    async run(run, record) {
      const exchange = await send(run, record, largeEvent(run.eventContext()));
      return mustAccept(exchange, 'A large event with Unicode');
    },
  },
  {
    name: 'redirect',
    title: 'No redirect',
    sends: 'a valid event, as the first probe',
    expects: 'an answer that is not a redirect (3xx)',
    why: 'Deliveries never follow redirects: a 301, 302, 307 or 308 is a failed attempt, retried until the delivery fails. Usual causes: http:// to https://, or a trailing slash.',
    fix: 'Register the final URL (the Location the endpoint answered) as the endpoint, or serve the route without redirecting.',
    async run(run, record) {
      return noRedirect(await send(run, record, checkEvent('payment_link.paid', run.eventContext())));
    },
  },
];
