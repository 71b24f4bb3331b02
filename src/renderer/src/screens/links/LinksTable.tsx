// The links as a virtualised table: only the rows in view are in the DOM, and scrolling near
// the end of what is loaded fetches the next page.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useConsoleStore } from '../../store/consoleStore';
import type { LinkSort } from '../../lib/linkOrder';
import { LinkRow } from './LinkRow';
import { SortableHeader } from './SortableHeader';
import '../../styles/linksTable.css';

const ROW_HEIGHT = 56;
/** Start loading the next page this many rows before the end of the loaded ones. */
const PREFETCH_ROWS = 100;

const COLUMNS: { label: string; sort?: LinkSort }[] = [
  { label: 'Status', sort: 'status' },
  { label: 'Title', sort: 'title' },
  { label: 'Amount', sort: 'amount' },
  { label: 'Reference' },
  { label: 'Created', sort: 'created_at' },
  { label: 'Expires', sort: 'expires_at' },
  { label: 'Actions' },
];

export function LinksTable() {
  const ids = useConsoleStore((state) => state.links.ids);
  const total = useConsoleStore((state) => state.links.total);
  const hasMore = useConsoleStore((state) => state.links.hasMore);
  const loadMore = useConsoleStore((state) => state.loadMoreLinks);
  const scrollRef = useRef<HTMLDivElement>(null);
  // A new filter or order is a new list: it starts at its top, not where the last one was left.
  const view = useConsoleStore(({ links }) =>
    JSON.stringify([links.status, links.q, links.created, links.sort, links.order]),
  );
  useEffect(() => {
    scrollRef.current?.scrollTo(0, 0);
  }, [view]);

  const count = ids.length + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => ids[index] ?? 'loader',
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (hasMore && lastIndex >= ids.length - PREFETCH_ROWS) void loadMore();
  }, [hasMore, lastIndex, ids.length, loadMore]);

  return (
    <div className="table-scroll" ref={scrollRef}>
      <div className="table" role="table" aria-label="Payment links" aria-rowcount={total + 1}>
        <div className="table-head" role="rowgroup">
          <div className="table-row table-header" role="row" aria-rowindex={1}>
            {COLUMNS.map(({ label, sort }) =>
              sort ? (
                <SortableHeader key={label} label={label} sort={sort} />
              ) : (
                <div key={label} role="columnheader" className="cell">
                  {label}
                </div>
              ),
            )}
          </div>
        </div>
        <div className="table-body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const id = ids[item.index];
            return id ? (
              <LinkRow key={id} id={id} index={item.index} top={item.start} />
            ) : (
              <div
                key="loader"
                className="table-row table-loader"
                role="row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <div role="cell" className="cell">
                  Loading more links…
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
