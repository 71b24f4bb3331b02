// "Export as scenario", and what it asks first when a step needs a request the export leaves out:
// a file whose replay then fails would say so only in CI, far from the tester who made it.
import { useModalDialog } from '../../hooks/useModalDialog';
import { useConsoleStore } from '../../store/consoleStore';
import type { HeldExport } from '../../store/scenarioExportSlice';
import { OfflineGate } from '../../components/OfflineGate';
import { ActionButton } from '../../components/ActionButton';

/** The needs listed one by one; past this many, how many more. */
const LISTED = 5;

function NeedsDialog({ held }: { held: HeldExport }) {
  const dialogRef = useModalDialog();
  const save = useConsoleStore((state) => state.saveHeldExport);
  const withNeeds = useConsoleStore((state) => state.exportWithNeeds);
  const drop = useConsoleStore((state) => state.dropHeldExport);
  const { needs } = held;
  const tickable = new Set(needs.flatMap(({ needs: seq }) => (seq === null ? [] : [seq]))).size;
  const count = needs.length;
  return (
    <dialog
      ref={dialogRef}
      className="dialog scenario-needs-dialog"
      role="alertdialog"
      aria-labelledby="scenario-needs-title"
      aria-describedby="scenario-needs-text"
      onClose={drop}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void withNeeds();
        }}
      >
        <h3 id="scenario-needs-title">
          {count === 1 ? '1 request needs' : `${count} requests need`} one the export leaves out
        </h3>
        <p id="scenario-needs-text" className="muted">
          The scenario replays against a fresh sandbox, so {count === 1 ? 'this step' : 'these steps'} would
          not get the answer recorded:
        </p>
        <ul className="scenario-needs" data-testid="scenario-needs">
          {needs.slice(0, LISTED).map((need) => (
            <li key={need.seq}>
              <span className="mono">
                {need.seq} {need.method} {need.path}
              </span>
              : {need.reason}.
            </li>
          ))}
          {count > LISTED && <li>and {count - LISTED} more.</li>}
        </ul>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={drop} autoFocus>
            Cancel
          </button>
          <button type="button" className="button" onClick={save}>
            Export anyway
          </button>
          {tickable > 0 && (
            <OfflineGate>
              <ActionButton type="submit" className="button button-primary">
                Tick {tickable} more and export
              </ActionButton>
            </OfflineGate>
          )}
        </div>
      </form>
    </dialog>
  );
}

export function ScenarioExport() {
  const total = useConsoleStore((state) => state.requests.total);
  const checked = useConsoleStore((state) => state.requests.checked.length);
  const exportScenario = useConsoleStore((state) => state.exportScenario);
  const held = useConsoleStore((state) => state.heldExport);
  return (
    <>
      <OfflineGate>
        <ActionButton
          type="button"
          className="button button-small"
          disabledReason={total === 0 ? 'Nothing to export: the log holds no requests here.' : undefined}
          title="A file `npx payment-links-sandbox run FILE` replays against a fresh sandbox (API requests only)"
          onClick={() => void exportScenario()}
        >
          {checked > 0 ? `Export ${checked} as scenario` : 'Export as scenario'}
        </ActionButton>
      </OfflineGate>
      {held && <NeedsDialog held={held} />}
    </>
  );
}
