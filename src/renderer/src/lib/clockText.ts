// The sandbox clock in words: its badge ("+2 d, frozen") and what a move did.
import type { ClockView } from '../../../shared/types';
import { formatDateTime } from './dates';

/** "+2 d 3 h", "+1 h 30 min", "+15 min", "+45 s": how far ahead, coarser the further. */
export function formatAhead(seconds: number): string {
  // To the minute past one: the offset is measured over the network, a hair short of what was asked.
  const s = seconds >= 60 ? Math.round(seconds / 60) * 60 : Math.floor(seconds);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `+${d} d${h > 0 ? ` ${h} h` : ''}`;
  if (h > 0) return `+${h} h${m > 0 ? ` ${m} min` : ''}`;
  if (m > 0) return `+${m} min`;
  return `+${s % 60} s`;
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

/** The toast after a move. */
export function clockMoveText(
  move: { seconds: number } | { to: string } | 'freeze' | 'resume',
  view: ClockView,
): string {
  if (move === 'freeze') return `Sandbox clock frozen at ${formatDateTime(view.now)}.`;
  if (move === 'resume') return `Sandbox clock running from ${formatDateTime(view.now)}.`;
  return `Sandbox clock advanced to ${formatDateTime(view.now)}; everything due by then has happened.`;
}
