// The values examples are made of: one realistic link, event and settings, and the wording of
// the errors a developer meets first. examples.ts builds every other example from the schemas.
import type { LinkStatus, PaymentLink, WebhookEventType } from '../../../shared/types';
import type { ErrorCode } from '../../errors';
import { DEFAULT_SETTINGS } from '../../settings';
import { statusAfterEvent } from '../../../shared/linkStates';

const LINK_ID = '6f1c2a9e-3b7d-4c8e-9a51-2d0e7f4b8c13';
export const REQUEST_ID = 'req_3f9a2c71d0e40000002a';

const PAYMENT_LINK: PaymentLink = {
  id: LINK_ID,
  reference_id: 'order_1042',
  url: `http://127.0.0.1:4545/pay/${LINK_ID}`,
  status: 'pending',
  amount: 150000,
  fee: { total: 4350, transaction: 4350, instant_settlement: 0, paid_by: 'merchant' },
  payer_amount: 150000,
  net_amount: 145650,
  title: 'Order #1042',
  note: null,
  payment_method: null,
  settlement_account_id: '0b8e4d52-7c1a-4f36-b9d2-5e6a3c1f0d47',
  expires_at: '2026-11-24T10:15:00.000Z',
  paid_at: null,
  settle_at: null,
  settled_at: null,
  created_at: '2026-11-23T10:15:00.000Z',
};

/** The example link as it stands in `status`, with the fields that state sets. */
export function linkExample(status: LinkStatus = 'pending'): PaymentLink {
  if (status !== 'succeeded') return { ...PAYMENT_LINK, status };
  const paidAt = '2026-11-23T10:20:00.000Z';
  return {
    ...PAYMENT_LINK,
    status,
    payment_method: 'card',
    paid_at: paidAt,
    settle_at: '2026-11-24T10:20:00.000Z',
  };
}

/** A webhook event's example: the link as the event leaves it. */
export function eventExample(type: WebhookEventType): unknown {
  return {
    id: 'evt_5b0f6c1e9a7d4e2f8c3b1a0d9e8f7a6b',
    type,
    timestamp: '2026-11-23T10:20:00.000Z',
    data: linkExample(statusAfterEvent(type)),
  };
}

export const dataExample = (data: unknown) => ({ data, meta: { request_id: REQUEST_ID } });

/** Whole values for named schemas, where a generated one would read less like the real thing. */
export const NAMED_EXAMPLES: Record<string, unknown> = {
  PaymentLink: PAYMENT_LINK,
  Meta: { request_id: REQUEST_ID },
  Pagination: { current_page: 1, per_page: 25, total: 1, last_page: 1 },
  WebhookEvent: eventExample('payment_link.paid'),
  Settings: { ...DEFAULT_SETTINGS, api_keys: ['sk_test_4eC39HqLyjWDarjtT1zdp7dc'] },
  FeeSettings: DEFAULT_SETTINGS.fees,
};

/** Values by property name, for fields whose schema alone would give a poor example. */
export const FIELD_EXAMPLES: Record<string, unknown> = {
  amount: 150000,
  title: 'Order #1042',
  reference_id: 'order_1042',
  note: 'Two tickets, row F',
  request_id: REQUEST_ID,
  currency: 'IDR',
  api_keys: ['sk_test_4eC39HqLyjWDarjtT1zdp7dc'],
  url: 'https://example.test/webhooks/payments',
  payment_method: 'card',
  seconds: 3600,
  message: 'What was wrong and what is allowed.',
};

/** Messages as the server words them, for the codes a developer meets first. */
export const ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  body_invalid_json:
    'The body is not valid JSON: it ends before the JSON is complete. Send one JSON value with double-quoted keys and strings, for example {"amount": 1000}.',
  parameter_missing: 'Missing required parameter amount: an integer from 1 to 100000000000 (minor units).',
  parameter_invalid:
    'Invalid amount: 0 (a number); amount must be an integer from 1 to 100000000000 (minor units).',
  parameter_unknown:
    'Unknown parameter metadata. Allowed: amount, title, reference_id, note, expires_at, settlement_account_id.',
  api_key_missing: 'Send your test key as Authorization: Bearer sk_test_….',
  resource_not_found: `No payment link with id ${LINK_ID}.`,
  payment_link_not_cancelable: `Payment link ${LINK_ID} is succeeded and cannot be canceled; only pending or failed links can be canceled.`,
  invalid_state_transition:
    'The payment link is canceled; only a pending link can be paid, failed or expired.',
  host_not_allowed: 'Host "evil.example" is not allowed: use 127.0.0.1, localhost or an IP address.',
  storage_unavailable: 'The data directory refused the write (ENOSPC); nothing was changed.',
};
