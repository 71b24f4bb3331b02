// How a list taller than the browser can lay out still scrolls: past MAX_SCROLL_PX the scroll
// space is scaled, so the thumb still maps linearly to the row index and the last row is reachable.

/**
 * Chromium stops laying out near 33.5 million px (Firefox near 17.9 million); a million 56 px rows
 * are 56 million. A third of the lower limit leaves room for the page around the table.
 */
export const MAX_SCROLL_PX = 6_000_000;

/** One arrow key's or wheel line's move, in content pixels. */
export const LINE_PX = 40;

/** PageUp / PageDown's move: the view less a line, so the row at the edge stays in sight. */
export const pageStepPx = (viewport: number): number => Math.max(LINE_PX, viewport - LINE_PX);

export interface ScrollScale {
  /** The height the rows' container takes in the page. */
  height: number;
  /** Content pixels per scrolled pixel: 1 until the list is taller than MAX_SCROLL_PX. */
  ratio: number;
  /** How far the content scrolls: every row's height, less the part in view. */
  contentRange: number;
}

export function scrollScale(total: number, rowHeight: number, viewport: number): ScrollScale {
  const content = total * rowHeight;
  const contentRange = Math.max(0, content - viewport);
  if (content <= MAX_SCROLL_PX) return { height: content, ratio: 1, contentRange };
  return { height: MAX_SCROLL_PX, ratio: contentRange / Math.max(1, MAX_SCROLL_PX - viewport), contentRange };
}

/** The rows to draw for a content offset, with `overscan` more on each side. */
export function rowsInView(
  offset: number,
  viewport: number,
  rowHeight: number,
  total: number,
  overscan: number,
): { first: number; last: number } {
  const top = Math.floor(offset / rowHeight);
  // The row holding the view's last pixel.
  const bottom = Math.max(top, Math.floor((offset + viewport - 1) / rowHeight));
  return { first: Math.max(0, top - overscan), last: Math.min(total - 1, bottom + overscan) };
}

/** The content offset that shows row `index` at the top, centred, or at the bottom of the view. */
export function offsetFor(
  index: number,
  align: 'start' | 'center' | 'end',
  rowHeight: number,
  viewport: number,
  contentRange: number,
): number {
  const top = index * rowHeight;
  const wanted =
    align === 'start' ? top : align === 'end' ? top + rowHeight - viewport : top - (viewport - rowHeight) / 2;
  return Math.min(contentRange, Math.max(0, wanted));
}
