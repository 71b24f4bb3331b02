// A column header that sorts the table: click once for the column's natural order, again to flip.
import type { LinkSort, SortOrder } from '../../../../shared/linkOrder';
import { useConsoleStore } from '../../store/consoleStore';

/** Numbers and times read best largest or newest first; words, alphabetically. */
const FIRST_ORDER: Record<LinkSort, SortOrder> = {
  created_at: 'desc',
  amount: 'desc',
  expires_at: 'desc',
  status: 'asc',
  title: 'asc',
};

export function SortableHeader({ label, sort }: { label: string; sort: LinkSort }) {
  const current = useConsoleStore((state) => state.links.sort);
  const order = useConsoleStore((state) => state.links.order);
  const setFilter = useConsoleStore((state) => state.setLinkFilter);
  // Sorting is the server's: while it is not answering, the header cannot sort.
  const live = useConsoleStore((state) => state.connection === 'live');
  const active = current === sort;
  const next = active ? (order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[sort];

  return (
    <div
      role="columnheader"
      className="cell"
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className={active ? 'sort-button active' : 'sort-button'}
        disabled={!live}
        title={`Sort by ${label.toLowerCase()}, ${next === 'asc' ? 'ascending' : 'descending'}`}
        onClick={() => setFilter({ sort, order: next })}
      >
        {label}
        <span className="sort-arrow" aria-hidden="true">
          {active ? (order === 'asc' ? '↑' : '↓') : '↕'}
        </span>
      </button>
    </div>
  );
}
