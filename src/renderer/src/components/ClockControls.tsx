// Moving the sandbox clock: +1 h, +1 day, +7 days, any duration, to a date-time, freeze or resume.
// Every move waits for the sandbox to apply what fell due (expiries, settlements) before it closes.
import { useState, type FormEvent } from 'react';
import { parseDuration } from '../../../shared/durations';
import { sandboxNow } from '../hooks/useNow';
import { useModalDialog } from '../hooks/useModalDialog';
import { formatDateTime } from '../lib/dates';
import { useConsoleStore } from '../store/consoleStore';
import type { ClockMove } from '../store/clockSlice';
import { FieldNotes, fieldDescribedBy } from './FieldNotes';
import { BackToRealTime } from './BackToRealTime';
import { OfflineGate } from './OfflineGate';

const QUICK: { label: string; seconds: number }[] = [
  { label: '+1 h', seconds: 3600 },
  { label: '+1 day', seconds: 86_400 },
  { label: '+7 days', seconds: 7 * 86_400 },
];

/** A datetime-local value (this machine's zone) for a moment. */
function localInput(ms: number): string {
  const at = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return at.toISOString().slice(0, 16);
}

export function ClockControls({ onClose }: { onClose(): void }) {
  const dialogRef = useModalDialog();
  const view = useConsoleStore((state) => state.clock.view);
  const busy = useConsoleStore((state) => state.clock.busy);
  const moveClock = useConsoleStore((state) => state.moveClock);
  const [duration, setDuration] = useState('');
  const [durationError, setDurationError] = useState<string>();
  const [target, setTarget] = useState(() => localInput(sandboxNow() + 3600_000));
  const [targetError, setTargetError] = useState<string>();

  const move = async (what: ClockMove) => {
    if (await moveClock(what)) onClose();
  };
  const advanceBy = (event: FormEvent) => {
    event.preventDefault();
    const seconds = parseDuration(duration);
    if (seconds === null || seconds < 1) {
      setDurationError('Enter a duration forward, like 90m, 2h, 1d or 2d 3h.');
      return;
    }
    void move({ seconds });
  };
  const advanceTo = (event: FormEvent) => {
    event.preventDefault();
    const at = Date.parse(target);
    if (Number.isNaN(at)) setTargetError('Pick a date and time.');
    else if (at < sandboxNow())
      setTargetError('Advance moves the clock forward: pick a moment after now, or go back to real time.');
    else void move({ to: new Date(at).toISOString() });
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog clock-controls"
      aria-labelledby="clock-controls-title"
      onClose={onClose}
    >
      <h3 id="clock-controls-title">Sandbox clock</h3>
      <p className="muted">
        Now {view ? formatDateTime(view.now) : '…'}, {view?.frozen ? 'frozen' : 'running'}. Expiries,
        settlements and webhook retries follow this clock. Advancing moves it forward; Back to real time
        brings it home.
      </p>
      <OfflineGate>
        <div className="clock-quick" role="group" aria-label="Advance by">
          {QUICK.map(({ label, seconds }) => (
            <button
              key={label}
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void move({ seconds })}
            >
              {label}
            </button>
          ))}
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void move(view?.frozen ? 'resume' : 'freeze')}
          >
            {view?.frozen ? 'Resume' : 'Freeze'}
          </button>
          <BackToRealTime onDone={onClose} />
        </div>
        <form className="clock-form" onSubmit={advanceBy} noValidate>
          <label htmlFor="clock-duration">Advance by</label>
          <div className="clock-row">
            <input
              id="clock-duration"
              name="duration"
              type="text"
              placeholder="90m, 2d 3h"
              value={duration}
              aria-invalid={durationError ? true : undefined}
              aria-describedby={fieldDescribedBy('clock-duration', undefined, durationError)}
              onChange={(event) => {
                setDuration(event.target.value);
                setDurationError(undefined);
              }}
            />
            <button type="submit" className="button" disabled={busy}>
              Advance
            </button>
          </div>
          <FieldNotes id="clock-duration" error={durationError} />
        </form>
        <form className="clock-form" onSubmit={advanceTo} noValidate>
          <label htmlFor="clock-target">Advance to</label>
          <div className="clock-row">
            <input
              id="clock-target"
              name="target"
              type="datetime-local"
              value={target}
              aria-invalid={targetError ? true : undefined}
              aria-describedby={fieldDescribedBy('clock-target', undefined, targetError)}
              onChange={(event) => {
                setTarget(event.target.value);
                setTargetError(undefined);
              }}
            />
            <button type="submit" className="button" disabled={busy}>
              Go
            </button>
          </div>
          <FieldNotes id="clock-target" error={targetError} />
        </form>
      </OfflineGate>
      <div className="dialog-actions">
        {busy && <span className="muted">Applying what falls due…</span>}
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
