import type { Fee, Settings } from '../../shared/types';

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
