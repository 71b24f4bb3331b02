// Moving the sandbox clock: +1 h, +1 day, +7 days, any duration, to a date-time, freeze or resume.
// Every move waits for the sandbox to apply what fell due (expiries, settlements). The panel stays
// open after a move, so a tester can press +1 h three times and read where the clock stands; it
// closes on Close, Escape or a click outside it.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { parseDuration } from '../../../shared/durations';
import { sandboxNow, useNow } from '../hooks/useNow';
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
  const view = useConsoleStore((state) => state.clock.view);
  const busy = useConsoleStore((state) => state.clock.busy);
  const lastMove = useConsoleStore((state) => state.clock.lastMove);
  const moveClock = useConsoleStore((state) => state.moveClock);
  const [duration, setDuration] = useState('');
  const [durationError, setDurationError] = useState<string>();
  const now = useNow();
  // An hour from the clock's now, following it through the moves, until the tester picks a moment.
  const [picked, setPicked] = useState<string | null>(null);
  const target = picked ?? localInput(now + 3600_000);
  const [targetError, setTargetError] = useState<string>();

  // While a move runs the controls are disabled, and a disabled button loses focus: once it is
  // done, focus goes back to what had it (to Close, when that stays disabled, as Back to real time
  // does), so the keyboard can press the same button again.
  const dialogRef = useModalDialog();
  const focusedBefore = useRef<Element | null>(null);
  useEffect(() => {
    if (busy) {
      focusedBefore.current ??= document.activeElement;
      return;
    }
    const before = focusedBefore.current;
    focusedBefore.current = null;
    const active = document.activeElement;
    if (!before || (active && active !== document.body)) return;
    const usable = before instanceof HTMLElement && before.isConnected && !before.matches(':disabled');
    (usable ? before : dialogRef.current?.querySelector<HTMLElement>('.dialog-actions button'))?.focus();
  }, [busy, dialogRef]);

  const move = (what: ClockMove) => {
    focusedBefore.current = document.activeElement;
    void moveClock(what);
  };
  const advanceBy = (event: FormEvent) => {
    event.preventDefault();
    const seconds = parseDuration(duration);
    if (seconds === null || seconds < 1) {
      setDurationError('Enter a duration forward, like 90m, 2h, 1d or 2d 3h.');
      return;
    }
    move({ seconds });
  };
  const advanceTo = (event: FormEvent) => {
    event.preventDefault();
    const at = Date.parse(target);
    if (Number.isNaN(at)) setTargetError('Pick a date and time.');
    else if (at < sandboxNow())
      setTargetError('Advance moves the clock forward: pick a moment after now, or go back to real time.');
    else move({ to: new Date(at).toISOString() });
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog clock-controls"
      aria-labelledby="clock-controls-title"
      closedby="any"
      onClose={onClose}
    >
      <h3 id="clock-controls-title">Sandbox clock</h3>
      <p className="muted">
        Now {view ? formatDateTime(new Date(now).toISOString()) : '…'}, {view?.frozen ? 'frozen' : 'running'}.
        Expiries, settlements and webhook retries follow this clock. Advancing moves it forward; Back to real
        time brings it home.
      </p>
      <OfflineGate>
        <div className="clock-quick" role="group" aria-label="Advance by">
          {QUICK.map(({ label, seconds }) => (
            <button
              key={label}
              type="button"
              className="button"
              disabled={busy}
              onClick={() => move({ seconds })}
            >
              {label}
            </button>
          ))}
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => move(view?.frozen ? 'resume' : 'freeze')}
          >
            {view?.frozen ? 'Resume' : 'Freeze'}
          </button>
          <BackToRealTime />
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
                setPicked(event.target.value);
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
        <p className="clock-status" role="status">
          {busy ? 'Applying what falls due…' : lastMove}
        </p>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
