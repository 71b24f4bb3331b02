// The deliveries as a virtualised table: only the rows in view are in the DOM, and scrolling near
// the end of what is loaded fetches the next page.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { useConsoleStore } from '../../store/consoleStore';
import { DeliveryRow } from './DeliveryRow';

const ROW_HEIGHT = 56;
/** Start loading the next page this many rows before the end of the loaded ones. */
const PREFETCH_ROWS = 40;

const COLUMNS = ['Event', 'Link', 'Endpoint', 'State', 'Attempts', 'Next retry', 'Actions'];

export function DeliveriesTable() {
  const ids = useConsoleStore((state) => state.deliveries.ids);
  const total = useConsoleStore((state) => state.deliveries.total);
  const hasMore = useConsoleStore((state) => state.deliveries.hasMore);
  const loadMore = useConsoleStore((state) => state.loadMoreDeliveries);
  const scrollRef = useRef<HTMLDivElement>(null);

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
      <div className="table deliveries-table" role="table" aria-label="Deliveries" aria-rowcount={total + 1}>
        <div className="table-head" role="rowgroup">
          <div className="table-row table-header" role="row" aria-rowindex={1}>
            {COLUMNS.map((name) => (
              <div key={name} role="columnheader" className="cell">
                {name === 'Actions' ? <span className="visually-hidden">{name}</span> : name}
              </div>
            ))}
          </div>
        </div>
        <div className="table-body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const id = ids[item.index];
            return id ? (
              <DeliveryRow key={id} id={id} index={item.index} top={item.start} />
            ) : (
              <div
                key="loader"
                className="table-row table-loader"
                role="row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <div role="cell" className="cell">
                  Loading older deliveries…
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
