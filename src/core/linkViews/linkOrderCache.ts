import type { PaymentLink } from '../../shared/types';
import type { LinkIndex } from '../store/linkIndex';
import type { Op } from '../store/ops';
import { compareBy } from '../../shared/linkOrder';
import { inView } from '../../shared/linkView';
import { indexOfVersion, lowerBound, sortLinks } from './linkOrdering';
import type { LinkView } from './linkView';

/** Sorted orders kept at once; each costs a pointer per matching link (8 MB at a million). */
const MAX_ORDERS = 8;
/**
 * Up to this many changed links are patched in one by one (a binary search and a splice each);
 * more are merged in one pass. Measured at a million links: a splice ~0.1 ms, a merge ~250 ms.
 */
const PATCH_ONE_BY_ONE = 2_000;

interface CachedOrder {
  view: Omit<LinkView, 'order'>;
  /** Ascending by the view's sort; the descending order reads it backwards. */
  links: PaymentLink[];
  /** Links changed since `links` was last brought up to date. */
  changed: Set<string>;
}

type CommitListener = (ops: readonly Op[]) => void;

/**
 * The sorted order of the links in a view, per filter and sort field, for the orders the link
 * index does not keep (anything but newest first without a search). Sorting a million links takes
 * most of a second, so an order is sorted once and then patched: each commit notes the links it
 * changed, and the next read moves just those (or, after a burst, merges them in one pass).
 * Least recently read orders are dropped beyond MAX_ORDERS, and so is one that has fallen so far
 * behind that sorting again is cheaper than catching up.
 */
export class LinkOrderCache {
  private readonly orders = new Map<string, CachedOrder>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly index: LinkIndex,
    onCommit: (listener: CommitListener) => () => void,
  ) {
    this.unsubscribe = onCommit((ops) => this.hear(ops));
  }

  /** The links in the view, ascending by its sort field; read-only, and valid until the next commit. */
  sorted(view: Omit<LinkView, 'order'>): readonly PaymentLink[] {
    const key = keyOf(view);
    let order = this.orders.get(key);
    if (order) {
      this.orders.delete(key);
      this.catchUp(order);
    } else {
      order = { view, links: this.build(view), changed: new Set() };
    }
    this.orders.set(key, order);
    for (const stale of this.orders.keys()) {
      if (this.orders.size <= MAX_ORDERS) break;
      this.orders.delete(stale);
    }
    return order.links;
  }

  close(): void {
    this.unsubscribe();
    this.orders.clear();
  }

  private hear(ops: readonly Op[]): void {
    for (const op of ops) {
      if (op.op === 'replace') this.orders.clear();
      if (op.op !== 'link') continue;
      for (const [key, order] of this.orders) {
        order.changed.add(op.v.id);
        if (order.changed.size > Math.max(4 * PATCH_ONE_BY_ONE, order.links.length / 8))
          this.orders.delete(key);
      }
    }
  }

  private build(view: Omit<LinkView, 'order'>): PaymentLink[] {
    const filtered = view.q || view.status || view.createdAfter || view.createdBefore;
    // Filtering an order already sorted is one pass; sorting the matches again would be many.
    const sortedBase = filtered ? this.orders.get(keyOf({ sort: view.sort })) : undefined;
    if (sortedBase) {
      this.catchUp(sortedBase);
      return sortedBase.links.filter((link) => inView(link, view));
    }
    if (view.sort === 'created_at') {
      // The index holds creation order already: newest first, so reversed it is ascending.
      const { q: _q, ...range } = view;
      return this.index
        .list({ ...range, offset: 0, limit: Infinity })
        .links.filter((link) => inView(link, view))
        .reverse();
    }
    // In the index's own (insertion) order: a plain walk, no lookup per link.
    const matching: PaymentLink[] = [];
    for (const link of this.index.values()) if (inView(link, view)) matching.push(link);
    return sortLinks(matching, view.sort);
  }

  /**
   * Applies the changes noted since the order was last read, judged by each link as the index holds
   * it now (the commits announced so far may lag the index by a journal write, never lead it).
   */
  private catchUp(order: CachedOrder): void {
    if (order.changed.size === 0) return;
    const current = [...order.changed].flatMap((id) => this.index.get(id) ?? []);
    order.changed.clear();
    if (current.length <= PATCH_ONE_BY_ONE) {
      for (const link of current) patchOne(order, link);
      return;
    }
    // Old versions are found by binary search and skipped by position: hashing a million ids to
    // test each against a set took seconds.
    const gone = new Uint8Array(order.links.length);
    for (const link of current) {
      const at = indexOfVersion(order.links, link, order.view.sort);
      if (at >= 0) gone[at] = 1;
    }
    const kept = order.links.filter((_, i) => gone[i] === 0);
    const added = sortLinks(
      current.filter((link) => inView(link, order.view)),
      order.view.sort,
    );
    order.links = mergeSorted(kept, added, compareBy(order.view.sort));
  }
}

const keyOf = (view: Omit<LinkView, 'order'>) =>
  JSON.stringify([view.sort, view.status, view.q, view.createdAfter, view.createdBefore]);

function patchOne(order: CachedOrder, link: PaymentLink): void {
  const { links, view } = order;
  const at = indexOfVersion(links, link, view.sort);
  const belongs = inView(link, view);
  if (at >= 0 && belongs && (links[at] as PaymentLink)[view.sort] === link[view.sort]) {
    links[at] = link;
    return;
  }
  if (at >= 0) links.splice(at, 1);
  if (belongs) links.splice(lowerBound(links, link, compareBy(view.sort)), 0, link);
}

function mergeSorted(
  a: PaymentLink[],
  b: PaymentLink[],
  compare: (x: PaymentLink, y: PaymentLink) => number,
): PaymentLink[] {
  const out = new Array<PaymentLink>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length)
    out[k++] =
      compare(a[i] as PaymentLink, b[j] as PaymentLink) <= 0
        ? (a[i++] as PaymentLink)
        : (b[j++] as PaymentLink);
  while (i < a.length) out[k++] = a[i++] as PaymentLink;
  while (j < b.length) out[k++] = b[j++] as PaymentLink;
  return out;
}
