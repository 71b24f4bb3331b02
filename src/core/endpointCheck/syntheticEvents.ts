import { randomBytes } from 'node:crypto';
import { ENDPOINT_CHECK_LINK_PREFIX, ENDPOINT_CHECK_REFERENCE } from '../../shared/endpointCheck';
import type { WebhookEvent, WebhookEventType } from '../../shared/types';
import { sampleEvent, type SampleMark, type TestEventContext } from '../webhooks/testEvent';

/** A link id no real link has (docs/endpoint-check.md): the receiver can tell it and nothing is stored. */
export const checkLinkId = (): string => `${ENDPOINT_CHECK_LINK_PREFIX}${randomBytes(12).toString('hex')}`;

const plainMark = (id = checkLinkId()): SampleMark => ({
  id,
  reference_id: ENDPOINT_CHECK_REFERENCE,
  title: 'Endpoint check from the Payment Links Sandbox',
  note: 'Sent by an endpoint check; this link is not in the sandbox and never was.',
});

/** An event as a real link's would be, about a link that only this check knows. */
export const checkEvent = (type: WebhookEventType, ctx: TestEventContext, linkId?: string): WebhookEvent =>
  sampleEvent(type, ctx, plainMark(linkId));

// Accents, CJK, an emoji (4 bytes in UTF-8, two \u escapes once re-serialised) and U+2028: a receiver that
// verifies a re-serialised body (escaped non-ASCII, other spacing) computes another signature.
const UNICODE = 'Zahlung für Bestellung · 注文の支払い · 🧾 · línea\u2028nueva';

/** The large-body probe's event: a 1,000-character note and Unicode in every free-text string. */
export function largeEvent(ctx: TestEventContext): WebhookEvent {
  const note: string[] = [];
  while (note.length < 1000) note.push(...`${UNICODE} · `);
  return sampleEvent('payment_link.paid', ctx, {
    id: checkLinkId(),
    reference_id: `${ENDPOINT_CHECK_REFERENCE}·${UNICODE}`,
    title: `Endpoint check ${UNICODE}`,
    // Cut by code points: a cut through the emoji's surrogate pair would be escaped, not sent as is.
    note: note.slice(0, 1000).join(''),
  });
}

/** A type no receiver knows yet, shaped as a future event of the same family would be. */
export const UNKNOWN_EVENT_TYPE = 'payment_link.endpoint_check_unknown';

export const unknownTypeEvent = (ctx: TestEventContext): Omit<WebhookEvent, 'type'> & { type: string } => ({
  ...checkEvent('payment_link.paid', ctx),
  type: UNKNOWN_EVENT_TYPE,
});
