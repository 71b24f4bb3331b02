// One row of the request log: time, method, path, status, duration, key, Idempotency-Key, and the
// export tick of an API call. It re-renders only when its own request changes.
import { memo } from 'react';
import { useSandboxDay } from '../../hooks/useNow';
import { formatLogTime } from '../../lib/dates';
import { formatMs } from '../../lib/requestLog';
import { useConsoleStore } from '../../store/consoleStore';
import { FaultMark } from '../faults/FaultMark';
import { StatusCode } from './StatusCode';

interface RequestRowProps {
  id: string;
  index: number;
  top: number;
}

export const RequestRow = memo(function RequestRow({ id, index, top }: RequestRowProps) {
  const entry = useConsoleStore((state) => state.requests.byId[id]);
  const today = useSandboxDay();
  const selected = useConsoleStore(
    (state) => entry !== undefined && state.requests.selected?.seq === entry.seq,
  );
  const select = useConsoleStore((state) => state.selectRequest);
  const checked = useConsoleStore(
    (state) => entry !== undefined && state.requests.checked.includes(entry.seq),
  );
  const toggleChecked = useConsoleStore((state) => state.toggleRequestChecked);
  if (!entry) return null;
  return (
    <div
      className="table-row request-row"
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={0}
      data-request-id={entry.request_id}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => select(entry)}
      onKeyDown={(event) => {
        // Without preventDefault the same Enter goes on to press the dialog's focused Close button.
        if (event.key === 'Enter' && event.target === event.currentTarget) {
          event.preventDefault();
          select(entry);
        }
      }}
    >
      <div role="cell" className="cell check-cell" onClick={(event) => event.stopPropagation()}>
        {entry.api && (
          <input
            type="checkbox"
            aria-label={`Export ${entry.method} ${entry.path}`}
            checked={checked}
            onChange={() => toggleChecked(entry.seq)}
          />
        )}
      </div>
      <div role="cell" className="cell mono num" title={entry.at}>
        {formatLogTime(entry.at, today)}
      </div>
      <div role="cell" className="cell">
        <span className="method">{entry.method}</span>
      </div>
      <div role="cell" className="cell mono">
        <span className="ellipsis" title={entry.path}>
          {entry.path}
        </span>
      </div>
      <div role="cell" className="cell cell-status">
        <StatusCode status={entry.status} />
        {entry.replayed && <span className="replayed-badge">replayed</span>}
        {entry.replay_of !== undefined && <span className="replayed-badge">replay of {entry.replay_of}</span>}
        <FaultMark fault={entry.fault} />
      </div>
      <div role="cell" className="cell num">
        {formatMs(entry.duration_ms)}
      </div>
      <div role="cell" className="cell cell-key mono">
        {entry.key_prefix !== null ? (
          <span className="ellipsis" title={entry.key_prefix}>
            {entry.key_prefix}
          </span>
        ) : (
          <span className="muted">—</span>
        )}
        {entry.key_rejected && <span className="rejected-badge">rejected</span>}
      </div>
      <div role="cell" className="cell mono">
        {entry.idempotency_key !== null ? (
          <span className="ellipsis" title={entry.idempotency_key}>
            {entry.idempotency_key}
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </div>
    </div>
  );
});
