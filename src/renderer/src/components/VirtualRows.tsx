// The body of a virtualised table: only the rows in view are in the DOM, and scrolling near the
// end of what is loaded asks for the next page (a "Loading…" row stands in until it comes).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, type ReactNode } from 'react';

interface VirtualRowsProps {
  ids: string[];
  hasMore: boolean;
  loadMore(): Promise<void>;
  /**
   * The scrolling element, as state rather than a ref: it is attached after this child's first
   * layout effects, and the virtualizer must render again once it exists.
   */
  scrollElement: HTMLDivElement | null;
  rowHeight: number;
  /** Start loading the next page this many rows before the end of the loaded ones. */
  prefetchRows: number;
  loadingText: string;
  renderRow(id: string, index: number, top: number): ReactNode;
}

export function VirtualRows({
  ids,
  hasMore,
  loadMore,
  scrollElement,
  rowHeight,
  prefetchRows,
  loadingText,
  renderRow,
}: VirtualRowsProps) {
  const virtualizer = useVirtualizer({
    count: ids.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight,
    overscan: 10,
    getItemKey: (index) => ids[index] ?? 'loader',
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (hasMore && lastIndex >= ids.length - prefetchRows) void loadMore();
  }, [hasMore, lastIndex, ids.length, prefetchRows, loadMore]);

  return (
    <div className="table-body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const id = ids[item.index];
        return id ? (
          renderRow(id, item.index, item.start)
        ) : (
          <div
            key="loader"
            className="table-row table-loader"
            role="row"
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <div role="cell" className="cell">
              {loadingText}
            </div>
          </div>
        );
      })}
    </div>
  );
}
