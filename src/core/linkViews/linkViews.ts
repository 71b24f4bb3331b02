import { inView } from '../../shared/linkView';
import type { PaymentLink } from '../../shared/types';
import type { LinkIndex } from '../store/linkIndex';
import type { Store } from '../store/store';
import { indexOfVersion } from './linkOrdering';
import { LinkOrderCache } from './linkOrderCache';
import type { LinkView } from './linkView';

/**
 * Windows of the console's Links table and where a link stands in it, for any view. Newest (or
 * oldest) first without a search reads straight off the link index; every other view reads a
 * cached sorted order. Either way a window costs its own length, not the number of links.
 */
export class LinkViews {
  private readonly index: LinkIndex;
  private readonly orders: LinkOrderCache;

  constructor(store: Store) {
    this.index = store.state.links;
    this.orders = new LinkOrderCache(this.index, (listener) => store.onCommit(listener));
  }

  /** `limit` links from `offset` (0-based) in the view's order, and how many the view holds. */
  window(view: LinkView, offset: number, limit: number): { total: number; links: PaymentLink[] } {
    if (this.byIndex(view)) {
      const range = this.indexRange(view);
      if (view.order === 'desc') return this.index.list({ ...range, offset, limit });
      // Oldest first is the newest-first list read from its other end.
      const { total } = this.index.list({ ...range, offset: 0, limit: 0 });
      const end = Math.max(0, total - offset);
      const start = Math.max(0, end - limit);
      const links = this.index.list({ ...range, offset: start, limit: end - start }).links.reverse();
      return { total, links };
    }
    const sorted = this.orders.sorted(view);
    const total = sorted.length;
    const links: PaymentLink[] = [];
    for (let i = offset; i < total && links.length < limit; i++) {
      const link = sorted[view.order === 'asc' ? i : total - 1 - i] as PaymentLink;
      // The order may lag a commit by its journal write; the row itself is always the latest.
      links.push(this.index.get(link.id) ?? link);
    }
    return { total, links };
  }

  /** The link's 0-based row in the view, and the view's size; null when the link is not in it. */
  position(view: LinkView, link: PaymentLink): { index: number; total: number } | null {
    if (!inView(link, view)) return null;
    if (this.byIndex(view)) {
      const range = this.indexRange(view);
      const newestFirst = this.index.positionOf(link, range);
      if (newestFirst < 0) return null;
      const { total } = this.index.list({ ...range, offset: 0, limit: 0 });
      return { index: view.order === 'desc' ? newestFirst : total - 1 - newestFirst, total };
    }
    const sorted = this.orders.sorted(view);
    const at = indexOfVersion(sorted, link, view.sort);
    if (at < 0) return null;
    return { index: view.order === 'asc' ? at : sorted.length - 1 - at, total: sorted.length };
  }

  close(): void {
    this.orders.close();
  }

  private byIndex(view: LinkView): boolean {
    return view.sort === 'created_at' && !view.q;
  }

  private indexRange(view: LinkView) {
    return { status: view.status, createdAfter: view.createdAfter, createdBefore: view.createdBefore };
  }
}
