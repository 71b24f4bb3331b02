// The amount, with what the merchant nets and the fee beneath it.
import type { PaymentLink } from '../../../../shared/types';
import { formatMoney } from '../../lib/money';

export function AmountCell({ link, currency }: { link: PaymentLink; currency: string }) {
  const amount = formatMoney(link.amount, currency);
  const net = `net ${formatMoney(link.net_amount, currency)}`;
  const fee = `fee ${formatMoney(link.fee.total, currency)}`;
  return (
    <>
      <span className="amount" title={amount}>
        {amount}
      </span>
      {/* The net first and never cut: a narrow column cuts the fee, which the tooltip keeps whole. */}
      <span className="sub amount-split" title={`${fee} · ${net}`}>
        <span className="amount-net">{net}</span>
        <span className="amount-fee">&nbsp;· {fee}</span>
      </span>
    </>
  );
}
