// The Requests screen: every API call a developer's app makes, live and newest first; clicking
// one opens its detail with both bodies.
import { useConsoleStore } from '../../store/consoleStore';
import { RequestDetail } from './RequestDetail';
import { RequestsTable } from './RequestsTable';
import { RequestsToolbar } from './RequestsToolbar';

export function RequestsScreen() {
  const selected = useConsoleStore((state) => state.requests.selected);
  return (
    <section className="screen screen-requests" aria-labelledby="screen-title">
      <header className="screen-header">
        <h2 id="screen-title">Requests</h2>
        <RequestsToolbar />
      </header>
      <RequestsTable />
      {selected && <RequestDetail key={selected.seq} row={selected} />}
    </section>
  );
}
