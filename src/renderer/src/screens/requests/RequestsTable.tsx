// Every logged request, newest first and live: time, method, path, status, duration, key,
// Idempotency-Key, whether it was a replay, and whether a fault rule hit it. The log may hold
// hundreds of thousands: the scroll space stands for all of them (as many as the server counts),
// only the rows in view are drawn, and a row not loaded yet shows as a placeholder until its block
// arrives (requestsSlice.ts).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSandboxDay } from '../../hooks/useNow';
import { formatLogTime } from '../../lib/dates';
import { formatMs, type RequestRow } from '../../lib/requestLog';
import { isTypingTarget } from '../../lib/typingTarget';
import { useConsoleStore } from '../../store/consoleStore';
import { RequestsEmptyState } from './RequestsEmptyState';
import { FaultMark } from '../faults/FaultMark';
import { StatusCode } from './StatusCode';
import { arrowBetweenRows } from '../../lib/rowArrows';

/** Every row is this tall (requests.css), so a row's place in the scroll space is known unloaded. */
const ROW_HEIGHT = 41;
const HEAD_HEIGHT = 38;
/** Rows drawn beyond each edge of the view. */
const OVERSCAN = 8;
const COLUMNS = 8;

export function RequestsTable() {
  const rows = useConsoleStore((state) => state.requests.rows);
  const byId = useConsoleStore((state) => state.requests.byId);
  const total = useConsoleStore((state) => state.requests.total);
  const phase = useConsoleStore((state) => state.requests.phase);
  const query = useConsoleStore((state) => state.requests.query);
  const showAll = useConsoleStore((state) => state.requests.showAll);
  const showRows = useConsoleStore((state) => state.showRequestRows);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [view, setView] = useState({ top: 0, height: 720 });
  const measure = (element: HTMLDivElement) =>
    setView({ top: Math.max(0, element.scrollTop - HEAD_HEIGHT), height: element.clientHeight });
  // Measured again when the window (or the detail beside it) changes the table's height.
  useEffect(() => {
    if (!scroller) return;
    measure(scroller);
    const observer = new ResizeObserver(() => measure(scroller));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scroller]);
  // A new filter or scope is a new list: it starts at its top.
  useEffect(() => {
    scroller?.scrollTo(0, 0);
  }, [query, showAll, scroller]);
  const shownFirst = Math.floor(view.top / ROW_HEIGHT);
  const shownLast = Math.max(
    shownFirst,
    Math.min(total - 1, Math.ceil((view.top + view.height) / ROW_HEIGHT)),
  );
  useEffect(() => {
    if (total > 0) showRows(shownFirst, shownLast);
  }, [shownFirst, shownLast, total, showRows]);
  // Requests arriving on top move every row down by as many: scrolled into the log, the table moves
  // with them, so what the tester reads stays put; at the very top they come into view.
  const arrived = useConsoleStore((state) => state.requests.arrivedOnTop);
  const arrivedBefore = useRef(arrived);
  useLayoutEffect(() => {
    const added = arrived - arrivedBefore.current;
    arrivedBefore.current = arrived;
    if (scroller && added > 0 && scroller.scrollTop > HEAD_HEIGHT) scroller.scrollTop += added * ROW_HEIGHT;
  }, [arrived, scroller]);

  if (total === 0) {
    if (phase === 'loading') return <p className="muted">Loading requests…</p>;
    if (phase === 'error')
      return (
        <div className="empty-state">
          <p className="empty-title">The request log could not be read</p>
          <p>
            The sandbox keeps the log and runs the filter over all of it, and it did not answer. The list
            loads again, with this filter, once the sandbox answers.
          </p>
        </div>
      );
    if (!query.trim()) return <RequestsEmptyState showAll={showAll} />;
    return (
      <div className="empty-state">
        <p className="empty-title">No requests match</p>
        <p>Try part of a path, a request id, or a status such as 201 or 4xx. New matches appear here live.</p>
      </div>
    );
  }
  const first = Math.max(0, shownFirst - OVERSCAN);
  const last = Math.min(total - 1, shownLast + OVERSCAN);
  const drawn = [];
  for (let index = first; index <= last; index++) {
    const id = rows.get(index);
    const entry = id === undefined ? undefined : byId[id];
    drawn.push(
      entry ? (
        <RequestTableRow key={entry.id} entry={entry} />
      ) : (
        <tr key={`placeholder-${index}`} className="placeholder" aria-busy="true">
          <td colSpan={COLUMNS} className="muted">
            Loading request {(index + 1).toLocaleString('en')}…
          </td>
        </tr>
      ),
    );
  }
  return (
    // Home and End (with the table focused) go to the newest and the oldest.
    <div
      className="table-scroll"
      ref={setScroller}
      tabIndex={0}
      onScroll={(event) => measure(event.currentTarget)}
      onKeyDown={(event) => {
        if (arrowBetweenRows(event, 'tr[data-request-id]')) return;
        if ((event.key !== 'Home' && event.key !== 'End') || isTypingTarget(event.target)) return;
        event.preventDefault();
        const element = event.currentTarget;
        element.scrollTo({ top: event.key === 'Home' ? 0 : element.scrollHeight });
      }}
    >
      <table className="requests" aria-rowcount={total + 1}>
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
          {first > 0 && <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }} />}
          {drawn}
          {last < total - 1 && <tr aria-hidden="true" style={{ height: (total - 1 - last) * ROW_HEIGHT }} />}
        </tbody>
      </table>
    </div>
  );
}

function RequestTableRow({ entry }: { entry: RequestRow }) {
  const today = useSandboxDay();
  const selected = useConsoleStore((state) => state.requests.selected?.seq === entry.seq);
  const select = useConsoleStore((state) => state.selectRequest);
  const checked = useConsoleStore((state) => state.requests.checked.includes(entry.seq));
  const toggleChecked = useConsoleStore((state) => state.toggleRequestChecked);
  return (
    <tr
      data-request-id={entry.request_id}
      aria-selected={selected}
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
            checked={checked}
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
        {entry.replay_of !== undefined && <span className="replayed-badge">replay of {entry.replay_of}</span>}
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
  );
}
