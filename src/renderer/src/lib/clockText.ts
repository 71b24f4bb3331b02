// The sandbox clock in words: its badge ("+2 d, frozen") and what a move did.
import type { ClockView } from '../../../shared/types';
import { formatDateTime } from './dates';

/**
 * "+2 d 3 h", "+1 h 30 min", "+15 min", "+45 s": how far ahead, coarser the further. The last part
 * shown is rounded, never cut: a clock frozen a minute after "+1 day" is "+1 d", not "+23 h 59 min",
 * and the offset, measured over the network a hair short of what was asked, reads as asked.
 */
export function formatAhead(seconds: number): string {
  const toHour = Math.round(seconds / 3600) * 3600;
  if (toHour >= 86_400) {
    const d = Math.floor(toHour / 86_400);
    const h = (toHour % 86_400) / 3600;
    return `+${d} d${h > 0 ? ` ${h} h` : ''}`;
  }
  const toMinute = Math.round(seconds / 60) * 60;
  if (toMinute >= 3600) {
    const h = Math.floor(toMinute / 3600);
    const m = (toMinute % 3600) / 60;
    return `+${h} h${m > 0 ? ` ${m} min` : ''}`;
  }
  if (seconds >= 60) return `+${toMinute / 60} min`;
  return `+${Math.floor(seconds)} s`;
}

/**
 * The badge beside the clock, or null on plain real time. `aheadSeconds` is live (sandbox time
 * minus real time now), so a frozen clock's badge shrinks as real time catches up.
 */
export function clockBadge(aheadSeconds: number, frozen: boolean): string | null {
  const ahead = aheadSeconds >= 1 ? formatAhead(aheadSeconds) : null;
  if (ahead && frozen) return `${ahead}, frozen`;
  return ahead ?? (frozen ? 'frozen' : null);
}

/** What a move did (the clock panel's status line, or a toast). */
export function clockMoveText(
  move: { seconds: number } | { to: string } | 'freeze' | 'resume',
  view: ClockView,
): string {
  if (move === 'freeze') return `Sandbox clock frozen at ${formatDateTime(view.now)}.`;
  if (move === 'resume') return `Sandbox clock running from ${formatDateTime(view.now)}.`;
  return `Sandbox clock advanced to ${formatDateTime(view.now)}; everything due by then has happened.`;
}
