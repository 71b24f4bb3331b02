// The deliveries as a virtualised table: only the rows in view are in the DOM, and scrolling near
// the end of what is loaded fetches the next page.
import { useState } from 'react';
import { VirtualRows } from '../../components/VirtualRows';
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
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  return (
    <div className="table-scroll" ref={setScrollElement}>
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
        <VirtualRows
          ids={ids}
          hasMore={hasMore}
          loadMore={loadMore}
          scrollElement={scrollElement}
          rowHeight={ROW_HEIGHT}
          prefetchRows={PREFETCH_ROWS}
          loadingText="Loading older deliveries…"
          renderRow={(id, index, top) => <DeliveryRow key={id} id={id} index={index} top={top} />}
        />
      </div>
    </div>
  );
}
