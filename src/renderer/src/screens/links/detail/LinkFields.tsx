// Every field of the link, as a list of facts; empty ones show a dash.
import type { PaymentLink } from '../../../../../shared/types';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';

type Row = [label: string, value: string | null, mono?: boolean];

export function LinkFields({ link, currency }: { link: PaymentLink; currency: string }) {
  const time = (iso: string | null) => (iso ? formatDateTime(iso) : null);
  const money = (minor: number) => formatMoney(minor, currency);
  const rows: Row[] = [
    ['Amount', money(link.amount)],
    ['Fee', `${money(link.fee.total)} (paid by ${link.fee.paid_by})`],
    ['Payer pays', money(link.payer_amount)],
    ['Merchant nets', money(link.net_amount)],
    ['Reference', link.reference_id, true],
    ['Note', link.note],
    ['Payment method', link.payment_method],
    ['Created', time(link.created_at)],
    ['Expires', time(link.expires_at)],
    ['Paid', time(link.paid_at)],
    ['Settles', time(link.settle_at)],
    ['Settled', time(link.settled_at)],
    ['Settlement account', link.settlement_account_id, true],
  ];
  return (
    <dl className="facts">
      {rows.map(([label, value, mono]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd className={mono ? 'mono' : undefined}>{value ?? <span className="muted">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
