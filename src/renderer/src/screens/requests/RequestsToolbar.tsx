// The filter box, the scope switch, how many requests the log keeps (or the filter matches), and
// the scenario export.
import { useDebouncedSearch } from '../../hooks/useDebouncedSearch';
import { useConsoleStore } from '../../store/consoleStore';
import { ScenarioExport } from './ScenarioExport';

export function RequestsToolbar() {
  const total = useConsoleStore((state) => state.requests.total);
  const query = useConsoleStore((state) => state.requests.query);
  const showAll = useConsoleStore((state) => state.requests.showAll);
  const phase = useConsoleStore((state) => state.requests.phase);
  const setQuery = useConsoleStore((state) => state.setRequestQuery);
  const setShowAll = useConsoleStore((state) => state.setShowAllRequests);
  const [search, setSearch] = useDebouncedSearch(query, setQuery);

  return (
    <div className="toolbar">
      <label className="search">
        <span className="visually-hidden">Filter requests</span>
        <input
          type="search"
          placeholder="Filter by path, link id, request id or status (404, 5xx)"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </label>
      <label className="field-inline checkbox-inline">
        <input type="checkbox" checked={showAll} onChange={(event) => setShowAll(event.target.checked)} />
        <span>Show console and page requests</span>
      </label>
      <span className="count" aria-live="polite">
        {phase === 'loading'
          ? 'Loading…'
          : phase === 'error'
            ? 'Not loaded'
            : query.trim()
              ? `${total.toLocaleString('en')} ${total === 1 ? 'match' : 'matches'}`
              : `${total.toLocaleString('en')} ${total === 1 ? 'request' : 'requests'}`}
      </span>
      <ScenarioExport />
    </div>
  );
}
