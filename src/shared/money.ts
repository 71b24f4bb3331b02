// Amounts are integers in the minor unit of the sandbox's currency (docs/contract.md §2, decisions.md
// "Money"). What a minor unit is, how money reads, and the words for both, said alike by the API's
// errors and the console's form: "1 EUR is 100 minor units", "enter EUR with up to 2 decimals, like 15.00".

/** ISO 4217 currencies without a minor unit in practice, whatever a runtime's CLDR data says. */
const ZERO_DECIMAL = new Set(['IDR', 'JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF', 'PYG']);

const formatters = new Map<string, Intl.NumberFormat>();

/** How many digits the currency's minor unit has (IDR: 0, USD: 2). */
export function fractionDigits(currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return 0;
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

function formatterFor(currency: string): Intl.NumberFormat {
  let format = formatters.get(currency);
  if (!format) {
    const digits = fractionDigits(currency);
    format = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(currency, format);
  }
  return format;
}

/** An amount in minor units as money: 1500 EUR → "€15.00", 15000 IDR → "IDR 15,000". */
export function formatMoney(minor: number, currency: string): string {
  try {
    return formatterFor(currency).format(minor / 10 ** fractionDigits(currency));
  } catch {
    return `${currency} ${minor}`;
  }
}

/** "1 IDR is 1 minor unit", "1 EUR is 100 minor units": how the API's amounts relate to money. */
export function minorUnitWords(currency: string): string {
  const perUnit = 10 ** fractionDigits(currency);
  return `1 ${currency} is ${perUnit.toLocaleString('en')} minor ${perUnit === 1 ? 'unit' : 'units'}`;
}

/** An amount written as money in `currency` would be typed: "15000" for IDR, "15.00" for EUR. */
export function amountExample(currency: string): string {
  const digits = fractionDigits(currency);
  return digits === 0 ? '15000' : `15.${'0'.repeat(digits)}`;
}

/** How to write an amount of `currency` as money: "whole IDR, like 15000", "EUR with up to 2 decimals, like 15.00". */
export function amountWay(currency: string): string {
  const digits = fractionDigits(currency);
  const way = digits === 0 ? `whole ${currency}` : `${currency} with up to ${digits} decimals`;
  return `${way}, like ${amountExample(currency)}`;
}
