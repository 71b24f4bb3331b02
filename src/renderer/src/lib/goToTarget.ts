// What the tester typed into "Go to": a row number (as the table counts, from 1) or a link id.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type GoToTarget = { row: number } | { id: string } | { problem: string };

export function goToTarget(text: string, total: number): GoToTarget {
  const value = text.trim();
  const allowed = `Enter a row from 1 to ${total.toLocaleString('en')}, or a link id.`;
  // Thousands separators as the count shows them ("50,000") are fine.
  const digits = value.replace(/[,_\s]/g, '');
  if (/^\d+$/.test(digits)) {
    const row = Number(digits);
    return row >= 1 && row <= total ? { row } : { problem: `There is no row ${value}. ${allowed}` };
  }
  if (UUID.test(value)) return { id: value.toLowerCase() };
  return { problem: `“${value}” is neither a row number nor a link id. ${allowed}` };
}
