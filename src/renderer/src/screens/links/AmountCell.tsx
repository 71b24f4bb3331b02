// The amount, with the fee and what the merchant nets beneath it.
import type { PaymentLink } from '../../../../shared/types';
import { formatMoney } from '../../lib/money';

export function AmountCell({ link, currency }: { link: PaymentLink; currency: string }) {
  return (
    <>
      <span className="amount">{formatMoney(link.amount, currency)}</span>
      <span className="sub">
        fee {formatMoney(link.fee.total, currency)} · net {formatMoney(link.net_amount, currency)}
      </span>
    </>
  );
}
