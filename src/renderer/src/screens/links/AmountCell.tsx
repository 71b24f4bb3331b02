// The amount, with the fee and what the merchant nets beneath it.
import type { PaymentLink } from '../../../../shared/types';
import { formatMoney } from '../../lib/money';

export function AmountCell({ link, currency }: { link: PaymentLink; currency: string }) {
  // A narrow column cuts the fee line first: the tooltip keeps it whole.
  const amount = formatMoney(link.amount, currency);
  const fees = `fee ${formatMoney(link.fee.total, currency)} · net ${formatMoney(link.net_amount, currency)}`;
  return (
    <>
      <span className="amount" title={amount}>
        {amount}
      </span>
      <span className="sub" title={fees}>
        {fees}
      </span>
    </>
  );
}
