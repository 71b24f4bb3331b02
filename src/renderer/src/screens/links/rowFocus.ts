// Keyboard focus in the links table: a row action keeps focus in its row, and the arrow keys move
// between rows, so each row is one stop on the way down instead of five.
import { arrowBetweenRows } from '../../lib/rowArrows';
import { pageStepPx } from '../../lib/scrollScale';

const LINK_ROW = '[role="row"][data-link-id]';

const rowOf = (id: string): HTMLElement | null =>
  document.querySelector<HTMLElement>(`[role="row"][data-link-id="${CSS.escape(id)}"]`);

/**
 * The control to land on in a row: the one like `like` (same action, or the title) while it is
 * enabled, else the row's title button.
 */
function controlIn(row: HTMLElement, like: Element | null): HTMLElement | null {
  const action = like?.className.match(/\baction-[a-z]+\b/)?.[0];
  if (action) {
    const same = row.querySelector<HTMLButtonElement>(`button.${action}`);
    if (same && !same.disabled) return same;
  }
  if (like?.matches('input[type="checkbox"]')) return row.querySelector<HTMLElement>('.cell-select input');
  return row.querySelector<HTMLElement>('.title-button');
}

/**
 * After a row action the clicked button is disabled (busy, then often no longer allowed), and
 * the browser drops focus to the page. Put it back in the row: on the next action allowed, else
 * the title. Rows are windowed, so the row is looked up again.
 */
export function keepFocusInRow(id: string): void {
  if (document.activeElement && document.activeElement !== document.body) return;
  const row = rowOf(id);
  const next = row?.querySelector<HTMLButtonElement>('.row-actions button:not(:disabled)');
  (next ?? row?.querySelector<HTMLElement>('.title-button'))?.focus();
}

/** Stops the wait for a row still to be drawn: only the latest ask is followed. */
let stopWaiting: (() => void) | undefined;

/**
 * Focuses the link row at `rowIndex` (its aria-rowindex) once it is drawn with its link: the rows
 * are windowed, so one scrolled to is drawn on a later frame, and its block may still be loading.
 * Meanwhile focus stays on `holder`; when the tester moves it elsewhere, the wait ends.
 */
export function focusRowWhenDrawn(
  table: HTMLElement,
  rowIndex: number,
  holder: HTMLElement,
  options: { like?: Element | null; found?(row: HTMLElement): void } = {},
): void {
  stopWaiting?.();
  const stop = () => {
    observer.disconnect();
    if (stopWaiting === stop) stopWaiting = undefined;
  };
  const attempt = () => {
    const active = document.activeElement;
    if (active && active !== holder && active !== document.body) return stop();
    const row = table.querySelector<HTMLElement>(`${LINK_ROW}[aria-rowindex="${rowIndex}"]`);
    if (!row) return;
    stop();
    controlIn(row, options.like ?? null)?.focus({ preventScroll: true });
    row.scrollIntoView({ block: 'nearest' });
    options.found?.(row);
  };
  const observer = new MutationObserver(attempt);
  observer.observe(table, { childList: true, subtree: true });
  stopWaiting = stop;
  // From the next frame: a row drawn now may be about to move with the scroll just asked for.
  requestAnimationFrame(attempt);
}

const PAGE_KEYS = new Set(['Home', 'End', 'PageUp', 'PageDown']);

/**
 * Home, End, PageUp and PageDown from a control in a row scroll the table (see useScaledScroll),
 * which takes the focused row out of the DOM and focus with it. Focus goes instead to the same
 * control in the row reached: the first, the last, or a page's rows away. Listened to on the way
 * down (capture): once the scroll has re-rendered the rows, the event no longer reaches the table.
 */
export function keepFocusOnPaging(event: React.KeyboardEvent<HTMLElement>): void {
  if (!PAGE_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  const from = event.target as HTMLElement;
  const row = from.closest<HTMLElement>(LINK_ROW);
  if (!row) return;
  const scroller = event.currentTarget;
  const last = Number(scroller.querySelector('[role="table"]')?.getAttribute('aria-rowcount'));
  const at = Number(row.getAttribute('aria-rowindex'));
  let target = event.key === 'Home' ? 2 : last;
  if (event.key === 'PageUp' || event.key === 'PageDown') {
    // As many rows as the table scrolls (useScaledScroll), so the row reached sits where this one was.
    const header = scroller.querySelector<HTMLElement>('.table-head')?.offsetHeight ?? 0;
    const page = Math.max(1, Math.floor(pageStepPx(scroller.clientHeight - header) / row.offsetHeight));
    target = Math.min(last, Math.max(2, at + (event.key === 'PageDown' ? page : -page)));
  }
  // Held by the table, which scrolls on these keys as before, until the row reached is drawn.
  scroller.focus({ preventScroll: true });
  focusRowWhenDrawn(scroller, target, scroller, { like: from });
}

/** ArrowUp / ArrowDown from a control in a row: the same control in the row above or below. */
export const moveBetweenRows = (event: React.KeyboardEvent<HTMLElement>): void =>
  void arrowBetweenRows(event, LINK_ROW, controlIn);
