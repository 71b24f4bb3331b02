// Every logged request, newest first and live: time, method, path, status, duration, key,
// Idempotency-Key, whether it was a replay, and whether a fault rule hit it. The log may hold
// hundreds of thousands: like the Links and Deliveries tables, the scrollbar stands for all of them
// (as many as the server counts), only the rows in view are in the DOM, and a row not loaded yet
// shows as a placeholder until its block arrives (requestsSlice.ts).
import { useEffect, useState } from 'react';
import { WindowedRows } from '../../components/WindowedRows';
import { arrowBetweenRows } from '../../lib/rowArrows';
import { useConsoleStore } from '../../store/consoleStore';
import { RequestRow } from './RequestRow';
import { RequestsEmptyState } from './RequestsEmptyState';

/** Every row is this tall (requests.css), so a row's place in the scroll space is known unloaded. */
const ROW_HEIGHT = 41;

const COLUMNS = ['Time', 'Method', 'Path', 'Status', 'Duration', 'Key', 'Idempotency-Key'];

export function RequestsTable() {
  const rows = useConsoleStore((state) => state.requests.rows);
  const total = useConsoleStore((state) => state.requests.total);
  const phase = useConsoleStore((state) => state.requests.phase);
  const query = useConsoleStore((state) => state.requests.query);
  const showAll = useConsoleStore((state) => state.requests.showAll);
  const showRows = useConsoleStore((state) => state.showRequestRows);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // A new filter or scope is a new list: it starts at its top.
  useEffect(() => {
    scrollElement?.scrollTo(0, 0);
  }, [query, showAll, scrollElement]);

  if (total === 0) {
    if (phase === 'loading') return <p className="muted">Loading requests…</p>;
    if (phase === 'error')
      return (
        <div className="empty-state">
          <p className="empty-title">The request log could not be read</p>
          <p>
            The sandbox keeps the log and runs the filter over all of it, and it did not answer. The list
            loads again, with this filter, once the sandbox answers.
          </p>
        </div>
      );
    if (!query.trim()) return <RequestsEmptyState showAll={showAll} />;
    return (
      <div className="empty-state">
        <p className="empty-title">No requests match</p>
        <p>Try part of a path, a request id, or a status such as 201 or 4xx. New matches appear here live.</p>
      </div>
    );
  }
  return (
    // Focusable, so Home (the newest), End (the oldest), the page keys and the arrows scroll the table.
    <div
      className="table-scroll"
      ref={setScrollElement}
      tabIndex={0}
      onKeyDown={(event) => arrowBetweenRows(event, '[role="row"][data-request-id]')}
    >
      <div className="table requests-table" role="table" aria-label="Requests" aria-rowcount={total + 1}>
        <div className="table-head" role="rowgroup">
          <div className="table-row table-header" role="row" aria-rowindex={1}>
            <div role="columnheader" className="cell check-cell">
              <span className="visually-hidden">Export</span>
            </div>
            {COLUMNS.map((name) => (
              <div key={name} role="columnheader" className={name === 'Duration' ? 'cell num' : 'cell'}>
                {name}
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
          rowNoun="request"
          renderRow={(id, index, top) => <RequestRow key={id} id={id} index={index} top={top} />}
        />
      </div>
    </div>
  );
}
