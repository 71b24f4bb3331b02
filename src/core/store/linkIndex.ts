import type { LinkStatus, PaymentLink } from '../../shared/types';
import { SharedLinkStrings } from './sharedLinkStrings';
import { SortedList } from './sortedList';

interface IndexKey {
  created_at: string;
  id: string;
}

// ISO timestamps with milliseconds compare correctly as strings, so no Date parsing on the hot path.
const byCreated = (a: IndexKey, b: IndexKey): number =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

export interface ListWindow {
  status?: LinkStatus;
  createdAfter?: string;
  createdBefore?: string;
  offset: number;
  limit: number;
}

/**
 * Links by id, plus one ordered list over all links and one per status, oldest first, so a
 * filtered page newest-first is two binary searches and a slice of `limit` items: nothing
 * proportional to the collection is copied.
 */
export class LinkIndex {
  private readonly byId = new Map<string, PaymentLink>();
  private readonly all = new SortedList<PaymentLink>(byCreated);
  private readonly byStatus = new Map<LinkStatus, SortedList<PaymentLink>>();
  private readonly strings = new SharedLinkStrings();

  get size(): number {
    return this.byId.size;
  }

  get(id: string): PaymentLink | undefined {
    return this.byId.get(id);
  }

  values(): IterableIterator<PaymentLink> {
    return this.byId.values();
  }

  /**
   * Oldest first, the order the snapshot stores them in so a load appends without sorting. The
   * list holds each link's current version, so this is one copy: a compaction at a million links
   * captures in milliseconds, not a million map lookups that hold every request up.
   */
  inCreationOrder(): PaymentLink[] {
    return this.all.toArray() as PaymentLink[];
  }

  clear(): void {
    this.byId.clear();
    this.all.reset([]);
    this.byStatus.clear();
  }

  /** Fills an empty index in one sort per list: inserting one by one is quadratic when out of order. */
  load(links: Iterable<PaymentLink>): void {
    if (this.byId.size > 0) {
      for (const link of links) this.put(link);
      return;
    }
    for (const link of links) {
      this.strings.share(link);
      this.byId.set(link.id, link);
    }
    const all: PaymentLink[] = [];
    const byStatus = new Map<LinkStatus, PaymentLink[]>();
    for (const link of this.byId.values()) {
      all.push(link);
      let list = byStatus.get(link.status);
      if (!list) byStatus.set(link.status, (list = []));
      list.push(link);
    }
    this.all.reset(all);
    for (const [status, list] of byStatus) this.statusList(status).reset(list);
  }

  /** Takes a link out entirely: only a rollback of a commit that created it does this. */
  delete(id: string): void {
    const previous = this.byId.get(id);
    if (!previous) return;
    this.byId.delete(id);
    this.all.remove(previous);
    this.statusList(previous.status).remove(previous);
  }

  put(link: PaymentLink): void {
    this.strings.share(link);
    const previous = this.byId.get(link.id);
    this.byId.set(link.id, link);
    if (!previous) {
      this.all.insert(link);
      this.statusList(link.status).insert(link);
    } else {
      // The lists hold the current version too (their order never changes: created_at and id
      // are fixed), so readers take rows straight from them.
      this.all.replace(previous, link);
      if (previous.status !== link.status) {
        this.statusList(previous.status).remove(previous);
        this.statusList(link.status).insert(link);
      } else {
        this.statusList(link.status).replace(previous, link);
      }
    }
  }

  list(window: ListWindow): { total: number; links: PaymentLink[] } {
    const { list, lo, hi } = this.range(window);
    const total = Math.max(0, hi - lo);
    const links: PaymentLink[] = [];
    for (let i = hi - 1 - window.offset; i >= lo && links.length < window.limit; i--) {
      links.push(list.at(i) as PaymentLink);
    }
    return { total, links };
  }

  /** Where the link stands among those `list` would count, newest first; -1 when not among them. */
  positionOf(link: IndexKey, range: Omit<ListWindow, 'offset' | 'limit'>): number {
    const { list, lo, hi } = this.range(range);
    const at = list.bound((k) => byCreated(k, link));
    return at >= lo && at < hi && list.at(at)?.id === link.id ? hi - 1 - at : -1;
  }

  private range(window: Omit<ListWindow, 'offset' | 'limit'>) {
    const list = window.status ? this.statusList(window.status) : this.all;
    const lo = window.createdAfter
      ? list.bound((k) => (k.created_at <= (window.createdAfter as string) ? -1 : 1))
      : 0;
    const hi = window.createdBefore
      ? list.bound((k) => (k.created_at < (window.createdBefore as string) ? -1 : 1))
      : list.length;
    return { list, lo, hi };
  }

  private statusList(status: LinkStatus): SortedList<PaymentLink> {
    let list = this.byStatus.get(status);
    if (!list) {
      list = new SortedList<PaymentLink>(byCreated);
      this.byStatus.set(status, list);
    }
    return list;
  }
}
