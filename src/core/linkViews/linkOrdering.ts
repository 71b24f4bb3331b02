// The fast path of the link order in shared/linkOrder.ts: the same order, keys read once into
// compact arrays, for sorting and searching a million links.
import { compareBy, type LinkSort } from '../../shared/linkOrder';
import { compareTitleKeys, titleKey } from '../../shared/titleOrder';
import { LINK_STATUSES, type PaymentLink } from '../../shared/types';

/** Statuses in the order their names sort, as compareBy sorts them. */
const STATUS_RANK = Object.fromEntries(
  [...LINK_STATUSES].sort().map((status, rank) => [status, rank]),
) as Record<PaymentLink['status'], number>;

const hexDigit = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return code <= 57 ? code - 48 : (code | 32) - 87;
};

/**
 * The first 13 hex digits of a UUID as an exact number, ordered as the ids are. Comparing two of
 * these settles almost every tie without touching the id strings themselves, which at a million
 * links lie scattered over the heap: a plain comparator sort by status spent seconds on cache misses.
 */
function idPrefix(id: string): number {
  let value = 0;
  for (let i = 0; i < 8; i++) value = value * 16 + hexDigit(id, i);
  for (let i = 9; i < 14; i++) value = value * 16 + hexDigit(id, i);
  return value;
}

/** `links` sorted by `compareBy(sort)`, keys read once into compact arrays first (a new array). */
export function sortLinks(links: readonly PaymentLink[], sort: LinkSort): PaymentLink[] {
  const n = links.length;
  const numeric = sort === 'amount' || sort === 'status';
  const numbers = new Float64Array(numeric ? n : 0);
  const texts: string[] = numeric ? [] : new Array<string>(n);
  const prefixes = new Float64Array(n);
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const link = links[i] as PaymentLink;
    if (sort === 'amount') numbers[i] = link.amount;
    else if (sort === 'status') numbers[i] = STATUS_RANK[link.status];
    else texts[i] = sort === 'title' ? titleKey(link.title) : link[sort];
    prefixes[i] = idPrefix(link.id);
    order[i] = i;
  }
  const byId = (a: number, b: number) => {
    const byPrefix = (prefixes[a] as number) - (prefixes[b] as number);
    if (byPrefix) return byPrefix;
    const x = (links[a] as PaymentLink).id;
    const y = (links[b] as PaymentLink).id;
    return x < y ? -1 : x > y ? 1 : 0;
  };
  order.sort(
    numeric
      ? (a, b) => (numbers[a] as number) - (numbers[b] as number) || byId(a, b)
      : sort === 'title'
        ? (a, b) =>
            compareTitleKeys(
              texts[a] as string,
              texts[b] as string,
              (links[a] as PaymentLink).title,
              (links[b] as PaymentLink).title,
            ) || byId(a, b)
        : (a, b) => {
            const x = texts[a] as string;
            const y = texts[b] as string;
            return x < y ? -1 : x > y ? 1 : byId(a, b);
          },
  );
  // Pushed rather than written into a preallocated array, which V8 keeps "holey": the first
  // splice into a holey million-item array was thirty times slower than the ones after it.
  const sorted: PaymentLink[] = [];
  for (let i = 0; i < n; i++) sorted.push(links[order[i] as number] as PaymentLink);
  return sorted;
}

/** The first index in `sorted` whose link does not come before `probe`. */
export function lowerBound(
  sorted: readonly PaymentLink[],
  probe: PaymentLink,
  compare: (a: PaymentLink, b: PaymentLink) => number,
): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(sorted[mid] as PaymentLink, probe) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where a version of `link` sits in `sorted`, or -1. Of the sort fields only the status changes
 * once a link exists (transitions touch status and the payment times), so an older version is
 * found under the link's own sort key, or for the status order under one of the statuses.
 */
export function indexOfVersion(sorted: readonly PaymentLink[], link: PaymentLink, sort: LinkSort): number {
  const compare = compareBy(sort);
  const keys = sort === 'status' ? LINK_STATUSES : [link[sort]];
  for (const key of keys) {
    const at = lowerBound(sorted, { ...link, [sort]: key }, compare);
    if (sorted[at]?.id === link.id) return at;
  }
  return -1;
}
