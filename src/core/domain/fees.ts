import type { Fee, Settings } from '../../shared/types';
import { SandboxError } from '../errors';
import { formatMoney, minorUnitWords } from '../../shared/money';

/**
 * round_half_up(amount × percent / 100) in exact integer arithmetic: 2.9 % of 50 is 1.45, which
 * binary floating point would round the wrong way. Percentages carry up to four decimals.
 */
export function percentOf(amount: number, percent: number): number {
  const partsPerMillion = BigInt(Math.round(percent * 10_000));
  return Number((BigInt(amount) * partsPerMillion + 500_000n) / 1_000_000n);
}

export function priceLink(
  amount: number,
  fees: Settings['fees'],
): { fee: Fee; payer_amount: number; net_amount: number } {
  const transaction = percentOf(amount, fees.transaction_percent) + fees.transaction_fixed;
  const instant_settlement = fees.instant_settlement ? percentOf(amount, fees.instant_settlement_percent) : 0;
  const total = transaction + instant_settlement;
  const payerPays = fees.paid_by === 'payer';
  return {
    fee: { total, transaction, instant_settlement, paid_by: fees.paid_by },
    payer_amount: payerPays ? amount + total : amount,
    net_amount: payerPays ? amount : amount - total,
  };
}

/**
 * A link whose fee, paid by the merchant, exceeds its amount would pay the merchant a negative
 * net_amount: such a create is refused, naming the amount and the way out, rather than made. The
 * amounts are the API's minor units, said as money too, in the words the console's form uses.
 */
export function feeProblem(
  amount: number,
  settings: Pick<Settings, 'fees' | 'currency'>,
): SandboxError | null {
  const { fees, currency } = settings;
  const { fee, net_amount } = priceLink(amount, fees);
  if (net_amount >= 0) return null;
  const parts = [`${fees.transaction_percent} %`, `${fees.transaction_fixed} fixed`];
  if (fees.instant_settlement) parts.push(`${fees.instant_settlement_percent} % instant settlement`);
  const money = `${formatMoney(amount, currency)} against a fee of ${formatMoney(fee.total, currency)}; amounts are in minor units, ${minorUnitWords(currency)}`;
  return new SandboxError(
    'parameter_invalid',
    `amount ${amount} is less than the fee of ${fee.total} it would carry (${parts.join(' + ')}), which the merchant pays, so the merchant would receive ${net_amount} (${money}); send a larger amount, or change the fees in Settings (lower ones, or paid_by payer).`,
    'amount',
  );
}
