// Every logged request, newest first and live: time, method, path, status, duration, key,
// Idempotency-Key, whether it was a replay, and whether a fault rule hit it.
import { useMemo } from 'react';
import { useSandboxDay } from '../../hooks/useNow';
import { formatLogTime } from '../../lib/dates';
import { formatMs, matchesQuery } from '../../lib/requestLog';
import { isTypingTarget } from '../../lib/typingTarget';
import { useConsoleStore } from '../../store/consoleStore';
import { RequestsEmptyState } from './RequestsEmptyState';
import { FaultMark } from '../faults/FaultMark';
import { StatusCode } from './StatusCode';
import { arrowBetweenRows } from '../../lib/rowArrows';

export function RequestsTable() {
  const rows = useConsoleStore((state) => state.requests.rows);
  const today = useSandboxDay();
  const phase = useConsoleStore((state) => state.requests.phase);
  const query = useConsoleStore((state) => state.requests.query);
  const showAll = useConsoleStore((state) => state.requests.showAll);
  const selectedSeq = useConsoleStore((state) => state.requests.selected?.seq);
  const select = useConsoleStore((state) => state.selectRequest);
  const checked = useConsoleStore((state) => state.requests.checked);
  const toggleChecked = useConsoleStore((state) => state.toggleRequestChecked);
  const visible = useMemo(() => rows.filter((row) => matchesQuery(row, query)), [rows, query]);

  if (rows.length === 0) {
    return phase === 'loading' ? (
      <p className="muted">Loading requests…</p>
    ) : (
      <RequestsEmptyState showAll={showAll} />
    );
  }
  if (visible.length === 0) {
    return (
      <div className="empty-state">
        <p className="empty-title">No requests match</p>
        <p>Try part of a path, a request id, or a status such as 201 or 4xx. New matches appear here live.</p>
      </div>
    );
  }
  return (
    // The server keeps 1,000 requests, so every row is here: the native scrollbar covers them all,
    // and Home and End (with the table focused) go to the newest and the oldest.
    <div
      className="table-scroll"
      tabIndex={0}
      onKeyDown={(event) => {
        if (arrowBetweenRows(event, 'tr[data-request-id]')) return;
        if ((event.key !== 'Home' && event.key !== 'End') || isTypingTarget(event.target)) return;
        event.preventDefault();
        const scroller = event.currentTarget;
        scroller.scrollTo({ top: event.key === 'Home' ? 0 : scroller.scrollHeight });
      }}
    >
      <table className="requests">
        <thead>
          <tr>
            <th scope="col" className="check-cell">
              <span className="visually-hidden">Export</span>
            </th>
            <th scope="col">Time</th>
            <th scope="col">Method</th>
            <th scope="col">Path</th>
            <th scope="col">Status</th>
            <th scope="col" className="num">
              Duration
            </th>
            <th scope="col">Key</th>
            <th scope="col">Idempotency-Key</th>
          </tr>
        </thead>
        <tbody>
          {visible.map((entry) => (
            <tr
              key={entry.seq}
              data-request-id={entry.request_id}
              aria-selected={entry.seq === selectedSeq}
              tabIndex={0}
              onClick={() => select(entry)}
              onKeyDown={(event) => {
                // Without preventDefault the same Enter goes on to press the dialog's focused Close button.
                if (event.key === 'Enter' && event.target === event.currentTarget) {
                  event.preventDefault();
                  select(entry);
                }
              }}
            >
              <td className="check-cell" onClick={(event) => event.stopPropagation()}>
                {entry.api && (
                  <input
                    type="checkbox"
                    aria-label={`Export ${entry.method} ${entry.path}`}
                    checked={checked.includes(entry.seq)}
                    onChange={() => toggleChecked(entry.seq)}
                  />
                )}
              </td>
              <td className="mono num" title={entry.at}>
                {formatLogTime(entry.at, today)}
              </td>
              <td>
                <span className="method">{entry.method}</span>
              </td>
              <td className="ellipsis-cell mono" title={entry.path}>
                {entry.path}
              </td>
              <td>
                <StatusCode status={entry.status} />
                {entry.replayed && <span className="replayed-badge">replayed</span>}
                {entry.replay_of !== undefined && (
                  <span className="replayed-badge">replay of {entry.replay_of}</span>
                )}
                <FaultMark fault={entry.fault} />
              </td>
              <td className="num">{formatMs(entry.duration_ms)}</td>
              <td className="mono">
                {entry.key_prefix ?? <span className="muted">—</span>}
                {entry.key_rejected && <span className="rejected-badge">rejected</span>}
              </td>
              <td className="ellipsis-cell mono" title={entry.idempotency_key ?? undefined}>
                {entry.idempotency_key ?? <span className="muted">—</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
