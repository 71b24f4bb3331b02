// The links table: sortable headers over windowed rows; the scrollbar stands for every matching
// link, and the rows in view are fetched as they come into view.
import { useEffect, useState } from 'react';
import { WindowedRows } from '../../components/WindowedRows';
import { useConsoleStore } from '../../store/consoleStore';
import type { LinkSort } from '../../../../shared/linkOrder';
import { LinkRow } from './LinkRow';
import { keepFocusOnPaging, moveBetweenRows } from './rowFocus';
import { SelectAllHeader } from './SelectAllHeader';
import { SortableHeader } from './SortableHeader';

const ROW_HEIGHT = 56;

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
  const rows = useConsoleStore((state) => state.links.rows);
  const total = useConsoleStore((state) => state.links.total);
  const jump = useConsoleStore((state) => state.links.jump);
  const showRows = useConsoleStore((state) => state.showLinkRows);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // A new filter or order is a new list: it starts at its top, not where the last one was left.
  const view = useConsoleStore(({ links }) =>
    JSON.stringify([links.status, links.q, links.created, links.sort, links.order]),
  );
  useEffect(() => {
    scrollElement?.scrollTo(0, 0);
  }, [view, scrollElement]);

  return (
    // Focusable, so Home, End and the arrow keys scroll the table; from a row, the arrows move
    // between rows, and Home, End and the page keys keep focus on the row they reach.
    <div
      className="table-scroll"
      ref={setScrollElement}
      tabIndex={0}
      onKeyDown={moveBetweenRows}
      onKeyDownCapture={keepFocusOnPaging}
    >
      <div className="table" role="table" aria-label="Payment links" aria-rowcount={total + 1}>
        <div className="table-head" role="rowgroup">
          <div className="table-row table-header" role="row" aria-rowindex={1}>
            <SelectAllHeader />
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
        <WindowedRows
          total={total}
          rowHeight={ROW_HEIGHT}
          scrollElement={scrollElement}
          rows={rows}
          onRowsShown={showRows}
          jump={jump}
          rowNoun="link"
          renderRow={(id, index, top) => <LinkRow key={id} id={id} index={index} top={top} />}
        />
      </div>
    </div>
  );
}
