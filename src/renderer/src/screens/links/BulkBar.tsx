// Over the table while links are selected: how many, Paid / Failed / Expired / Cancel for all of
// them that allow it (the sandbox skips the rest and says why), the payment method, and clearing.
// Over CONFIRM_OVER links an action asks first, saying how many: none can be undone.
import { useState } from 'react';
import type { BulkAction } from '../../../../shared/types';
import { LINK_ACTIONS } from '../../../../shared/linkStates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useConsoleStore } from '../../store/consoleStore';
import { CONFIRM_OVER } from '../../store/selectionSlice';
import { PaidMethodField } from './PaidMethodField';

const label = (action: BulkAction) => LINK_ACTIONS.find((known) => known.action === action)?.label ?? action;

export function BulkBar() {
  const count = useConsoleStore((state) => state.selection.ids.size);
  const busy = useConsoleStore((state) => state.selection.busy);
  const total = useConsoleStore((state) => state.links.total);
  const run = useConsoleStore((state) => state.runBulkAction);
  const selectAll = useConsoleStore((state) => state.selectAllMatching);
  const clear = useConsoleStore((state) => state.clearSelection);
  const cappedOf = useConsoleStore((state) => state.selection.cappedOf);
  const [asking, setAsking] = useState<BulkAction | null>(null);
  if (count === 0) return null;
  const many = count.toLocaleString('en');
  return (
    <div className="bulk-bar" role="region" aria-label="Selected links">
      <strong aria-live="polite">
        {many} selected
        {cappedOf !== null && (
          <span className="bulk-capped">
            {' '}
            (the first of {cappedOf.toLocaleString('en')}: the most one bulk action takes)
          </span>
        )}
      </strong>
      <div className="bulk-actions">
        {LINK_ACTIONS.map(({ action, label }) => (
          <button
            key={action}
            type="button"
            className={`button button-small action-${action}`}
            disabled={busy !== null}
            aria-busy={busy === action || undefined}
            title={`${label} every selected link that allows it`}
            onClick={() =>
              count > CONFIRM_OVER ? setAsking(action as BulkAction) : void run(action as BulkAction)
            }
          >
            {label}
          </button>
        ))}
      </div>
      <PaidMethodField id="bulk-paid-method" />
      {count < total && cappedOf === null && (
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
      {asking && (
        <ConfirmDialog
          title={`${label(asking)}: ${many} links?`}
          text={`${label(asking)} applies to each of the ${many} selected links that allows it (the rest are skipped and counted). It cannot be undone.`}
          confirmLabel={`${label(asking)} ${many} links`}
          cancelLabel="Keep them as they are"
          danger
          onConfirm={() => void run(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
