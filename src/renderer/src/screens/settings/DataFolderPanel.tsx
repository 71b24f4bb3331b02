// The data folder: where the store lives, and export, import and reset. An import checks the file
// first (a bad one gets its problem, no question), then asks; checking and importing show how
// much of the file has gone, with Cancel.
import { useRef, useState } from 'react';
import type { CompactionFailure } from '../../../../shared/dataFolder';
import { formatBytes } from '../../lib/bytes';
import { formatDateTime } from '../../lib/dates';
import { desktop } from '../../lib/desktop';
import { describeAllCounts } from '../../lib/storeCounts';
import { useConsoleStore } from '../../store/consoleStore';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ProgressBar } from '../../components/ProgressBar';
import { ResetDialog } from './ResetDialog';

export function DataFolderPanel() {
  const info = useConsoleStore((state) => state.serverInfo);
  const busy = useConsoleStore((state) => state.dataBusy);
  const importing = useConsoleStore((state) => state.importing);
  const problem = useConsoleStore((state) => state.importProblem);
  const { exportStore, checkImport, confirmImport, cancelImport, declineImport, resetStore, pushToast } =
    useConsoleStore.getState();
  const fileRef = useRef<HTMLInputElement>(null);
  const [resetting, setResetting] = useState(false);

  const reveal = () =>
    desktop
      ?.revealDataFolder()
      .catch((error: unknown) => pushToast('error', `Could not open the folder: ${String(error)}`));

  return (
    <section className="settings-card" aria-labelledby="data-title">
      <header className="settings-card-header">
        <h3 id="data-title">Data</h3>
        <p className="muted">
          Export the whole store to a file, bring one back, or start over. Export first: import and reset
          replace what is here.
        </p>
      </header>
      <div className="data-folder">
        <span className="data-label">Data folder</span>
        {info === null ? (
          <span className="muted">Reading…</span>
        ) : info.data_dir === null ? (
          <span data-testid="data-dir">
            In memory (--in-memory): nothing is kept after the sandbox stops.
          </span>
        ) : (
          <code className="secret-value" data-testid="data-dir">
            {info.data_dir}
          </code>
        )}
        {desktop && info?.data_dir && (
          <button type="button" className="button button-small" onClick={() => void reveal()}>
            Show in folder
          </button>
        )}
      </div>
      {info && (
        <p className="muted" data-testid="store-counts">
          {describeAllCounts(info.counts)}
        </p>
      )}
      {info?.compaction_failure && (
        <p className="callout callout-problem" role="status" data-testid="compaction-failure">
          <strong>Compaction failed</strong> {compactionFailureText(info.compaction_failure)}
        </p>
      )}
      <div className="data-actions">
        <button type="button" className="button" disabled={busy !== null} onClick={() => void exportStore()}>
          {busy === 'export' ? 'Exporting…' : 'Export…'}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy !== null}
          onClick={() => fileRef.current?.click()}
        >
          {importing?.step === 'checking' ? 'Checking…' : busy === 'import' ? 'Importing…' : 'Import…'}
        </button>
        <input
          ref={fileRef}
          type="file"
          accept="application/json,.json"
          className="visually-hidden"
          aria-label="Import file"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void checkImport(file);
          }}
        />
        <button
          type="button"
          className="button button-danger-text"
          disabled={busy !== null}
          onClick={() => setResetting(true)}
        >
          {busy === 'reset' ? 'Resetting…' : 'Reset…'}
        </button>
      </div>
      {problem && (
        <p className="callout callout-problem" role="alert" data-testid="import-problem">
          <strong>{problem.file} cannot be imported.</strong> {problem.message}
        </p>
      )}
      {importing?.step === 'checking' && (
        <ProgressBar
          label={`Checking ${importing.file.name}`}
          progress={importing.progress}
          format={formatBytes}
          onCancel={cancelImport}
        />
      )}
      {importing?.step === 'importing' && (
        <ProgressBar
          label={`Importing ${importing.file.name}`}
          progress={importing.progress}
          format={formatBytes}
          onCancel={cancelImport}
        />
      )}
      {importing?.step === 'replacing' && (
        <ProgressBar
          label={`Importing ${importing.file.name}`}
          progress={importing.progress}
          format={formatBytes}
          note="All of the file has been sent: the sandbox checks it and replaces the store, which can no longer be stopped."
        />
      )}
      {importing?.step === 'asking' && (
        <ConfirmDialog
          title="Replace everything with this file?"
          text={`${importing.file.name} holds ${describeAllCounts(importing.holds)}. Every link, webhook event, delivery, endpoint and setting here is replaced by those in it. This cannot be undone: export first to keep a copy.`}
          confirmLabel="Import and replace"
          danger
          onConfirm={() => void confirmImport()}
          onClose={declineImport}
        />
      )}
      {resetting && (
        <ResetDialog onConfirm={(options) => void resetStore(options)} onClose={() => setResetting(false)} />
      )}
    </section>
  );
}

/** The store's last failed compaction, which keeps the journal growing until one succeeds. */
function compactionFailureText(failure: CompactionFailure): string {
  const when = formatDateTime(failure.failed_at);
  const times = failure.failures === 1 ? `at ${when}` : `${failure.failures} times in a row, last at ${when}`;
  return `(${times}): ${failure.reason}. Nothing is lost: every change is still in the journal, but it grows and each start replays it until a compaction succeeds. The next try is not before ${formatDateTime(failure.retry_after)}.`;
}
