// The links table: sortable headers over virtualised rows that load page after page.
import { useEffect, useState } from 'react';
import { VirtualRows } from '../../components/VirtualRows';
import { useConsoleStore } from '../../store/consoleStore';
import type { LinkSort } from '../../lib/linkOrder';
import { LinkRow } from './LinkRow';
import { SortableHeader } from './SortableHeader';

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
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // A new filter or order is a new list: it starts at its top, not where the last one was left.
  const view = useConsoleStore(({ links }) =>
    JSON.stringify([links.status, links.q, links.created, links.sort, links.order]),
  );
  useEffect(() => {
    scrollElement?.scrollTo(0, 0);
  }, [view, scrollElement]);

  return (
    <div className="table-scroll" ref={setScrollElement}>
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
        <VirtualRows
          ids={ids}
          hasMore={hasMore}
          loadMore={loadMore}
          scrollElement={scrollElement}
          rowHeight={ROW_HEIGHT}
          prefetchRows={PREFETCH_ROWS}
          loadingText="Loading more links…"
          renderRow={(id, index, top) => <LinkRow key={id} id={id} index={index} top={top} />}
        />
      </div>
    </div>
  );
}
