// Over the table while links are selected: how many, Paid / Failed / Expired / Cancel for all of
// them that allow it (the sandbox skips the rest and says why; an action none allows is disabled),
// the payment method, and clearing. Over CONFIRM_OVER links an action asks first, saying how many:
// none can be undone. Over PART_SIZE links it goes in parts, with its progress and Cancel.
import { useMemo, useState } from 'react';
import type { BulkAction } from '../../../../shared/types';
import { LINK_ACTIONS, actionLabel, appliesTo } from '../../../../shared/linkStates';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ProgressBar } from '../../components/ProgressBar';
import { useConsoleStore } from '../../store/consoleStore';
import { CONFIRM_OVER, actionCounts } from '../../store/selectionSlice';
import { PaidMethodField } from './PaidMethodField';

export function BulkBar() {
  const links = useConsoleStore((state) => state.selection.links);
  const busy = useConsoleStore((state) => state.selection.busy);
  const progress = useConsoleStore((state) => state.selection.progress);
  const total = useConsoleStore((state) => state.links.total);
  const run = useConsoleStore((state) => state.runBulkAction);
  const cancel = useConsoleStore((state) => state.cancelBulkAction);
  const selectAll = useConsoleStore((state) => state.selectAllMatching);
  const clear = useConsoleStore((state) => state.clearSelection);
  const cappedOf = useConsoleStore((state) => state.selection.cappedOf);
  const counts = useMemo(() => actionCounts(links), [links]);
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const count = links.size;
  if (count === 0 && !progress) return null;
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
        {LINK_ACTIONS.map(({ action, label }) => {
          const takers = counts[action as BulkAction];
          return (
            <button
              key={action}
              type="button"
              className={`button button-small action-${action}`}
              disabled={busy !== null || takers === 0}
              aria-busy={busy === action || undefined}
              title={
                takers === 0
                  ? `${label} takes ${appliesTo(action)} links only: none of the selected links is one`
                  : `${label} every selected link that allows it (${takers.toLocaleString('en')} of ${many})`
              }
              onClick={() =>
                count > CONFIRM_OVER ? setAsking(action as BulkAction) : void run(action as BulkAction)
              }
            >
              {label}
            </button>
          );
        })}
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
      <button type="button" className="button button-small" disabled={progress !== null} onClick={clear}>
        Clear
      </button>
      {progress && busy && busy !== 'selecting' && (
        <ProgressBar label={`Applying ${actionLabel(busy)}`} progress={progress} onCancel={cancel} />
      )}
      {asking && (
        <ConfirmDialog
          title={`${actionLabel(asking)}: ${many} links?`}
          text={`${actionLabel(asking)} applies to each of the ${many} selected links that allows it (the rest are skipped and counted). It cannot be undone.`}
          confirmLabel={`${actionLabel(asking)} ${many} links`}
          cancelLabel="Keep them as they are"
          danger
          onConfirm={() => void run(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}
