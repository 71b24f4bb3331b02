// The sandbox clock in the shell: its time, ticking while it runs, a badge when it is ahead or
// frozen ("+2 d, frozen"); it is a button that says so ("Change ›"), and opens the controls that
// move the clock.
import { useNow } from '../hooks/useNow';
import { clockBadge } from '../lib/clockText';
import { useConsoleStore } from '../store/consoleStore';
import { ClockControls } from './ClockControls';

const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const day = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

export function SandboxClock() {
  const now = useNow();
  const view = useConsoleStore((state) => state.clock.view);
  const open = useConsoleStore((state) => state.clock.open);
  const setOpen = useConsoleStore((state) => state.setClockControlsOpen);
  if (!view) return null;
  const badge = clockBadge((now - Date.now()) / 1000, view.frozen);
  return (
    <>
      <button
        type="button"
        className={badge ? 'sidebar-card sandbox-clock sandbox-clock-moved' : 'sidebar-card sandbox-clock'}
        data-testid="sandbox-clock"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="sidebar-card-label">Sandbox time</span>
        <span className="sandbox-clock-time mono">{time.format(now)}</span>
        <span className="sandbox-clock-day">{day.format(now)}</span>
        {badge && <span className="sandbox-clock-badge">{badge}</span>}
        <span className="sandbox-clock-change">
          Change<span aria-hidden="true"> ›</span>
        </span>
        {/* The name is what the button shows (WCAG 2.5.3), then what it does. */}
        <span className="visually-hidden">: opens the sandbox clock</span>
      </button>
      {open && <ClockControls onClose={() => setOpen(false)} />}
    </>
  );
}
