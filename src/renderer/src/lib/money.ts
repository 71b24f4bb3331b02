// The New link form's amount: typed as money in the sandbox's currency, sent in its minor unit.
import { amountWay, fractionDigits } from '../../../shared/money';

export { formatMoney, fractionDigits } from '../../../shared/money';

/** What the user typed in major units, as minor units; the text itself when it is not a number. */
export function toMinorUnits(text: string, currency: string): number | string | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return text;
  return Math.round(Number(trimmed) * 10 ** fractionDigits(currency));
}

/**
 * Why typed text is not an amount of `currency` as written (not a number, or more decimals than the
 * currency has: rounding would make a link for an amount nobody asked for); null when it is one.
 * Each problem ends with a way to write it that the currency takes.
 */
export function amountTextProblem(text: string, currency: string): string | null {
  const plain = text.trim().replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(plain))
    return `${JSON.stringify(text.trim())} is not an amount: enter ${amountWay(currency)}.`;
  const decimals = /\.(\d+)$/.exec(plain)?.[1]?.length ?? 0;
  const digits = fractionDigits(currency);
  if (decimals <= digits) return null;
  const has = digits === 0 ? 'no decimals' : `only ${digits} decimals`;
  return `${currency} has ${has}: enter ${amountWay(currency)}.`;
}
