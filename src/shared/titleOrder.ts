// Titles sort the way people read them: "order 2" before "order 10". The server's link order and
// the console's live inserts both use this, so a row merged in lands where a reload would put it.

/** Created once: building a collator costs far more than a comparison. */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

/** Natural order; titles the collator calls equal ("a01", "a1") fall back to code units, so it is total. */
export function compareTitles(x: string, y: string): number {
  if (x === y) return 0;
  return collator.compare(x, y) || (x < y ? -1 : 1);
}
