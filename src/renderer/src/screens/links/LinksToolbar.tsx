// Above the table: the status and created filters, the search box, Go to, the count and the rows
// in view, "Sample links" and "New link".
import { useCallback } from 'react';
import { useDebouncedSearch } from '../../hooks/useDebouncedSearch';
import { STATUS_FILTERS, type StatusFilter } from '../../lib/linkList';
import { useConsoleStore } from '../../store/consoleStore';
import { CreatedFilter } from './CreatedFilter';
import { GoToControl } from './GoToControl';

export function LinksToolbar({ onNewLink, onSamples }: { onNewLink(): void; onSamples(): void }) {
  const status = useConsoleStore((state) => state.links.status);
  const q = useConsoleStore((state) => state.links.q);
  const total = useConsoleStore((state) => state.links.total);
  const phase = useConsoleStore((state) => state.links.phase);
  const shown = useConsoleStore((state) => state.links.shownRows);
  const setFilter = useConsoleStore((state) => state.setLinkFilter);
  const [search, setSearch] = useDebouncedSearch(
    q,
    useCallback((text: string) => setFilter({ q: text }), [setFilter]),
  );

  return (
    <div className="toolbar">
      <label className="field-inline">
        <span>Status</span>
        <select
          value={status}
          onChange={(event) => setFilter({ status: event.target.value as StatusFilter })}
        >
          {STATUS_FILTERS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <CreatedFilter />
      <label className="field-inline search links-search">
        <span className="visually-hidden">Search links</span>
        <input
          type="search"
          placeholder="Search title, reference or id"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <GoToControl />
      <div className="count-block">
        <span className="count" aria-live="polite">
          {phase === 'loading'
            ? 'Loading…'
            : phase === 'reversed'
              ? 'No links: the range is reversed'
              : `${total.toLocaleString('en')} ${total === 1 ? 'link' : 'links'}`}
        </span>
        {total > 0 && phase !== 'reversed' && (
          <span className="row-range" title="The rows in view">
            rows {(shown.first + 1).toLocaleString('en')}–
            {(Math.min(shown.last, total - 1) + 1).toLocaleString('en')}
          </span>
        )}
      </div>
      <button type="button" className="button" title="Create sample links" onClick={onSamples}>
        Samples…
      </button>
      <button type="button" className="button button-primary" onClick={onNewLink}>
        New link
      </button>
    </div>
  );
}
