// ↑/↓ between the focusable rows of the Deliveries, Requests and Inbox tables, as in Links: each
// row is one stop, and the arrows go on from it without Tab; ↓ on the table itself enters its
// rows. And focus kept on a row after one of its actions, which disables the button that had it.

/**
 * The first row wholly in the table's view, below its sticky header: where ↓ on the table lands, so
 * a tester who scrolled half-way down goes on from there, not from the top.
 */
function firstRowInView(scroller: HTMLElement, rowSelector: string): HTMLElement | null {
  const head = scroller.querySelector<HTMLElement>('thead, .table-head');
  const top = head?.getBoundingClientRect().bottom ?? scroller.getBoundingClientRect().top;
  const bottom = scroller.getBoundingClientRect().top + scroller.clientTop + scroller.clientHeight;
  for (const row of scroller.querySelectorAll<HTMLElement>(rowSelector)) {
    const box = row.getBoundingClientRect();
    if (box.top >= top - 0.5 && box.top < bottom) return row;
  }
  return null;
}

/**
 * From a focused row, focus the row above or below. Windowed rows (with aria-rowindex) are found
 * by index, scrolling one row when the next is not drawn yet; other tables have every row in
 * the DOM. ↓ on the table itself (focused by a click or Tab) focuses its first row in view. True
 * when the key moved focus, so the caller does nothing more with it.
 */
export function arrowBetweenRows(
  event: React.KeyboardEvent<HTMLElement>,
  rowSelector: string,
  /** Where to land in the next row, from a control in this one (Links); else the row itself. */
  landOn?: (row: HTMLElement, from: HTMLElement) => HTMLElement | null,
): boolean {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return false;
  const from = event.target as HTMLElement;
  if (from === event.currentTarget) {
    // ↑ on the table keeps scrolling it, as do both arrows once no loaded row is in view.
    const first = event.key === 'ArrowDown' ? firstRowInView(from, rowSelector) : null;
    const control = first && (landOn ? landOn(first, from) : first);
    if (!control) return false;
    event.preventDefault();
    control.focus({ preventScroll: true });
    return true;
  }
  const row = landOn ? from.closest<HTMLElement>(rowSelector) : from.matches(rowSelector) ? from : null;
  if (!row) return false;
  event.preventDefault();
  const down = event.key === 'ArrowDown';
  const scroller = event.currentTarget;
  const index = row.getAttribute('aria-rowindex');
  const next = (): HTMLElement | null => {
    if (index !== null) {
      const wanted = Number(index) + (down ? 1 : -1);
      return scroller.querySelector<HTMLElement>(`${rowSelector}[aria-rowindex="${wanted}"]`);
    }
    let sibling = down ? row.nextElementSibling : row.previousElementSibling;
    while (sibling && !sibling.matches(rowSelector))
      sibling = down ? sibling.nextElementSibling : sibling.previousElementSibling;
    return sibling as HTMLElement | null;
  };
  const land = (): boolean => {
    const target = next();
    const control = target && (landOn ? landOn(target, from) : target);
    if (!target || !control) return false;
    control.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'nearest' });
    return true;
  };
  if (land() || index === null) return true;
  scroller.scrollBy({ top: down ? row.offsetHeight : -row.offsetHeight });
  requestAnimationFrame(() => requestAnimationFrame(land));
  return true;
}

/**
 * After a row action focus fell to the page: put it on the row (it may have moved, a resent
 * delivery to the top), else on its table when the row is gone or not drawn.
 */
export function refocusRow(rowSelector: string, tableSelector: string): void {
  if (document.activeElement && document.activeElement !== document.body) return;
  const row = document.querySelector<HTMLElement>(rowSelector);
  (row ?? document.querySelector<HTMLElement>(tableSelector))?.focus();
}
