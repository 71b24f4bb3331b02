import type { PaymentLink } from '../shared/types';

/** A whole link as the console API sends it, pending and 1,000 minor units unless told otherwise. */
export const link = (id: string, over: Partial<PaymentLink> = {}): PaymentLink => ({
  id,
  reference_id: null,
  url: `http://127.0.0.1:4545/pay/${id}`,
  status: 'pending',
  amount: 1000,
  fee: { total: 29, transaction: 29, instant_settlement: 0, paid_by: 'merchant' },
  payer_amount: 1000,
  net_amount: 971,
  title: `Link ${id}`,
  note: null,
  payment_method: null,
  settlement_account_id: '00000000-0000-4000-8000-000000000000',
  expires_at: '2026-11-24T10:00:00.000Z',
  paid_at: null,
  settle_at: null,
  settled_at: null,
  created_at: '2026-11-23T10:00:00.000Z',
  ...over,
});
