// The delivery queue: running or paused, how many deliveries are in flight and waiting, and the
// Pause / Resume switch.
import { ActionButton } from '../../components/ActionButton';
import { queueClockNote } from '../../lib/clockWait';
import { useConsoleStore } from '../../store/consoleStore';

export function QueueBar() {
  const queue = useConsoleStore((state) => state.deliveryQueue.state);
  const busy = useConsoleStore((state) => state.deliveryQueue.busy);
  const setPaused = useConsoleStore((state) => state.setQueuePaused);
  const frozen = useConsoleStore((state) => state.clock.view?.frozen ?? false);
  const offline = useConsoleStore((state) => state.connection === 'offline');
  if (!queue) return <div className="queue-bar muted">Reading the queue…</div>;
  // The last state read says nothing once the sandbox stops: no delivery goes out then.
  if (offline)
    return (
      <div className="queue-bar queue-offline" aria-label="Delivery queue">
        <span className="queue-state" data-testid="queue-state">
          <span className="queue-dot" aria-hidden="true" />
          Queue unknown: the sandbox is not answering
        </span>
      </div>
    );
  const clockNote = queueClockNote(queue.waiting, queue.paused, frozen);
  return (
    <div className={queue.paused ? 'queue-bar queue-paused' : 'queue-bar'} aria-label="Delivery queue">
      <span className="queue-state" data-testid="queue-state">
        <span className="queue-dot" aria-hidden="true" />
        {queue.paused ? 'Queue paused' : 'Queue running'}
      </span>
      <span className="queue-count">
        <strong>{queue.in_flight}</strong> in flight
      </span>
      <span className="queue-count">
        <strong>{queue.waiting}</strong> waiting
      </span>
      {clockNote && (
        <span className="queue-clock-note muted" data-testid="queue-clock-note">
          {clockNote}
        </span>
      )}
      <ActionButton
        className={queue.paused ? 'button button-primary button-small' : 'button button-small'}
        disabledReason={busy && `Wait: the queue is being ${queue.paused ? 'resumed' : 'paused'}`}
        aria-busy={busy || undefined}
        title={queue.paused ? 'Send waiting deliveries again' : 'Hold every delivery until you resume'}
        onClick={() => void setPaused(!queue.paused)}
      >
        {queue.paused ? 'Resume queue' : 'Pause queue'}
      </ActionButton>
    </div>
  );
}
