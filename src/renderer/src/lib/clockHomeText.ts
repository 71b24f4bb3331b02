// Back to real time in words (docs/clock.md, "Back to real time"): what the confirmation says it
// will leave stamped ahead, and what it did.
import type { ClockHome, ClockReset } from '../../../shared/consoleSchemas';
import { formatAhead } from './clockText';

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The clock reads real time and runs: nothing for the control to do. */
export const atRealTime = (view: { offset_seconds: number; frozen: boolean }): boolean =>
  view.offset_seconds === 0 && !view.frozen;

function how(wentBack: number): string {
  if (wentBack >= 1) return `goes back ${formatAhead(wentBack).slice(1)} to real time and runs`;
  if (wentBack <= -1) return `moves forward ${formatAhead(-wentBack).slice(1)} to real time and runs`;
  return 'runs at real time';
}

/** The confirmation: how far, and what is left stamped in the sandbox's future, with counts. */
export function clockHomeText(home: ClockHome): string {
  const links = count(home.links_stamped_ahead, 'link', 'links');
  const deliveries = count(home.deliveries_stamped_ahead, 'delivery', 'deliveries');
  const waiting =
    home.deliveries_waiting_ahead > 0
      ? `, and ${count(home.deliveries_waiting_ahead, 'waiting delivery retries', 'waiting deliveries retry')},`
      : '';
  return (
    `The sandbox clock ${how(home.went_back_seconds)}. Nothing is rewritten: ${links} and ${deliveries} ` +
    `stay stamped in the sandbox's future. Links expire and settle${waiting} only when real time ` +
    'reaches their times. New links list below those stamped ahead until then.'
  );
}

/** What it did, once done (the clock panel's status line, or a toast). */
export function clockHomeDoneText(done: ClockReset): string {
  const links = count(done.links_stamped_ahead, 'link', 'links');
  const deliveries = count(done.deliveries_stamped_ahead, 'delivery', 'deliveries');
  return `Sandbox clock back to real time; ${links} and ${deliveries} stay stamped ahead.`;
}
