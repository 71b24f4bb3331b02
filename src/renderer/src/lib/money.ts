// Amounts are integers in the currency's minor unit; these turn them into readable money.

/** ISO 4217 currencies without a minor unit in practice, whatever the browser's CLDR data says. */
const ZERO_DECIMAL = new Set(['IDR', 'JPY', 'KRW', 'VND', 'CLP', 'ISK', 'UGX', 'XAF', 'XOF', 'PYG']);

const formatters = new Map<string, Intl.NumberFormat>();

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

export function formatMoney(minor: number, currency: string): string {
  try {
    return formatterFor(currency).format(minor / 10 ** fractionDigits(currency));
  } catch {
    return `${currency} ${minor}`;
  }
}

/** What the user typed in major units, as minor units; the text itself when it is not a number. */
export function toMinorUnits(text: string, currency: string): number | string | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return undefined;
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return text;
  return Math.round(Number(trimmed) * 10 ** fractionDigits(currency));
}

/** Why typed major units cannot be an amount in this currency without rounding; null when they can. */
export function amountPrecisionProblem(text: string, currency: string): string | null {
  const decimals = /^\d+\.(\d+)$/.exec(text.trim().replace(/,/g, ''))?.[1]?.length ?? 0;
  const digits = fractionDigits(currency);
  if (decimals <= digits) return null;
  return digits === 0
    ? `${currency} amounts are whole: enter it without decimals.`
    : `${currency} amounts have at most ${digits} decimals.`;
}
