// Keyboard focus in the links table: a row action keeps focus in its row, and the arrow keys move
// between rows, so each row is one stop on the way down instead of five.
import { arrowBetweenRows } from '../../lib/rowArrows';

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

/** ArrowUp / ArrowDown from a control in a row: the same control in the row above or below. */
export const moveBetweenRows = (event: React.KeyboardEvent<HTMLElement>): void =>
  void arrowBetweenRows(event, '[role="row"][data-link-id]', controlIn);
