// Rows that arrive above the view (live rows, a block read again) move the rows in it down: the
// table scrolls with them, so what the tester reads stays put. At the very top it does not, so new
// rows there come into view. Shared by every long table (WindowedRows, the Requests table).
import { useLayoutEffect, useRef } from 'react';

/** How far the top row may move (a burst of live rows above it) and still be kept in view. */
const ANCHOR_REACH = 200;

export function useRowAnchor(
  /** The row id at an index, if loaded. */
  idAt: (index: number) => string | undefined,
  /** The index of the first row in view. */
  firstShown: number,
  /** How far the rows are scrolled, in content pixels: 0 at the very top. */
  offset: number,
  rowHeight: number,
  scrollBy: (pixels: number) => void,
): void {
  const anchor = useRef<{ id: string; index: number } | null>(null);
  useLayoutEffect(() => {
    const was = anchor.current;
    if (was && offset > 0 && idAt(was.index) !== was.id) {
      for (let index = was.index - ANCHOR_REACH; index <= was.index + ANCHOR_REACH; index++) {
        if (idAt(index) !== was.id) continue;
        anchor.current = { id: was.id, index };
        scrollBy((index - was.index) * rowHeight);
        return;
      }
    }
    const id = idAt(firstShown);
    anchor.current = id ? { id, index: firstShown } : null;
  });
}
