// The deliveries as a windowed table: the scrollbar stands for the whole history, only the rows in
// view are in the DOM, and the rows in view are fetched as they come into view.
import { useState } from 'react';
import { WindowedRows } from '../../components/WindowedRows';
import { useConsoleStore } from '../../store/consoleStore';
import { DeliveryRow } from './DeliveryRow';
import { arrowBetweenRows } from '../../lib/rowArrows';

const ROW_HEIGHT = 56;

const COLUMNS = ['Updated', 'Event', 'Link', 'Endpoint', 'State', 'Attempts', 'Next retry', 'Actions'];

export function DeliveriesTable() {
  const rows = useConsoleStore((state) => state.deliveries.rows);
  const total = useConsoleStore((state) => state.deliveries.total);
  const showRows = useConsoleStore((state) => state.showDeliveryRows);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);

  return (
    // Focusable, so Home, End and the arrow keys scroll the table.
    <div
      className="table-scroll"
      ref={setScrollElement}
      tabIndex={0}
      onKeyDown={(event) => arrowBetweenRows(event, '[role="row"][data-delivery-id]')}
    >
      <div className="table deliveries-table" role="table" aria-label="Deliveries" aria-rowcount={total + 1}>
        <div className="table-head" role="rowgroup">
          <div className="table-row table-header" role="row" aria-rowindex={1}>
            {COLUMNS.map((name) => (
              <div
                key={name}
                role="columnheader"
                className="cell"
                aria-sort={name === 'Updated' ? 'descending' : undefined}
                title={
                  name === 'Updated'
                    ? 'Last change first: a resent or retried delivery comes to the top'
                    : undefined
                }
              >
                {name === 'Actions' ? <span className="visually-hidden">{name}</span> : name}
                {name === 'Updated' && <span aria-hidden="true"> ↓</span>}
              </div>
            ))}
          </div>
        </div>
        <WindowedRows
          total={total}
          rowHeight={ROW_HEIGHT}
          scrollElement={scrollElement}
          rows={rows}
          onRowsShown={showRows}
          rowNoun="delivery"
          renderRow={(id, index, top) => <DeliveryRow key={id} id={id} index={index} top={top} />}
        />
      </div>
    </div>
  );
}
