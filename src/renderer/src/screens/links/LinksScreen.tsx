// The Links screen: toolbar, then the table, or an empty state that says what to do next.
import { useState } from 'react';
import { useConsoleStore } from '../../store/consoleStore';
import { BulkBar } from './BulkBar';
import { LinkDetailPanel } from './detail/LinkDetailPanel';
import { LinksEmptyState } from './LinksEmptyState';
import { LinksTable } from './LinksTable';
import { LinksToolbar } from './LinksToolbar';
import { NewLinkDialog } from './NewLinkDialog';
import { SampleLinksDialog } from './SampleLinksDialog';
import { OfflineGate } from '../../components/OfflineGate';

export function LinksScreen() {
  const [creating, setCreating] = useState(false);
  const [sampling, setSampling] = useState(false);
  const empty = useConsoleStore((state) => state.links.total === 0);
  const phase = useConsoleStore((state) => state.links.phase);
  const filtered = useConsoleStore(
    (state) =>
      state.links.status !== 'all' || state.links.q.trim() !== '' || state.links.created.preset !== 'any',
  );
  const openForm = () => setCreating(true);

  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-header">
        <h2 id="screen-title">Links</h2>
        <OfflineGate>
          <LinksToolbar onNewLink={openForm} onSamples={() => setSampling(true)} />
        </OfflineGate>
      </header>
      <OfflineGate>
        <BulkBar />
      </OfflineGate>
      <div className="links-body">
        {phase === 'reversed' ? (
          <div className="empty-state" data-testid="links-range-reversed">
            <p className="empty-title">The date range is reversed</p>
            <p>The To date is before the From date, so no link can match. Swap the dates or clear one.</p>
          </div>
        ) : !empty ? (
          <LinksTable />
        ) : phase === 'loading' ? (
          <div className="empty-state">
            <p>Loading links…</p>
          </div>
        ) : (
          <OfflineGate>
            <LinksEmptyState filtered={filtered} onNewLink={openForm} onSamples={() => setSampling(true)} />
          </OfflineGate>
        )}
        <LinkDetailPanel />
      </div>
      {creating && <NewLinkDialog onClose={() => setCreating(false)} />}
      {sampling && <SampleLinksDialog onClose={() => setSampling(false)} />}
    </section>
  );
}
