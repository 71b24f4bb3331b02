// Over the table while links are selected: how many, Paid / Failed / Expired / Cancel for all of
// them that allow it (the sandbox skips the rest and says why), the payment method, and clearing.
import type { BulkAction } from '../../../../shared/types';
import { LINK_ACTIONS } from '../../../../shared/linkStates';
import { useConsoleStore } from '../../store/consoleStore';
import { PaidMethodField } from './PaidMethodField';

export function BulkBar() {
  const count = useConsoleStore((state) => state.selection.ids.size);
  const busy = useConsoleStore((state) => state.selection.busy);
  const total = useConsoleStore((state) => state.links.total);
  const run = useConsoleStore((state) => state.runBulkAction);
  const selectAll = useConsoleStore((state) => state.selectAllMatching);
  const clear = useConsoleStore((state) => state.clearSelection);
  if (count === 0) return null;
  return (
    <div className="bulk-bar" role="region" aria-label="Selected links">
      <strong aria-live="polite">{count.toLocaleString('en')} selected</strong>
      <div className="bulk-actions">
        {LINK_ACTIONS.map(({ action, label }) => (
          <button
            key={action}
            type="button"
            className={`button button-small action-${action}`}
            disabled={busy !== null}
            aria-busy={busy === action || undefined}
            title={`${label} every selected link that allows it`}
            onClick={() => void run(action as BulkAction)}
          >
            {label}
          </button>
        ))}
      </div>
      <PaidMethodField id="bulk-paid-method" />
      {count < total && (
        <button
          type="button"
          className="button button-small"
          disabled={busy !== null}
          onClick={() => void selectAll()}
        >
          Select all {total.toLocaleString('en')}
        </button>
      )}
      <button type="button" className="button button-small" onClick={clear}>
        Clear
      </button>
    </div>
  );
}
