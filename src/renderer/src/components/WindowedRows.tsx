// The body of a table over a list of any length, of which only some rows are loaded: the scroll
// space stands for every row, only the rows in view are in the DOM, and a row not loaded yet shows
// as a placeholder until its block arrives.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useScaledScroll } from '../hooks/useScaledScroll';
import { rowsMoved, type RowMap } from '../lib/rowWindow';
import { rowsInView } from '../lib/scrollScale';

/** Rows drawn beyond each edge of the view. */
const OVERSCAN = 4;

interface Jump {
  index: number;
  align: 'start' | 'center' | 'end';
  seq: number;
}

interface WindowedRowsProps {
  total: number;
  rowHeight: number;
  /**
   * The scrolling element, as state rather than a ref: it is attached after this child's first
   * layout effects, and the rows must render again once it exists.
   */
  scrollElement: HTMLDivElement | null;
  /** The loaded rows' ids by their 0-based index in the list. */
  rows: RowMap;
  renderRow(id: string, index: number, top: number): ReactNode;
  /** The rows in view changed (0-based, inclusive): the caller fetches what is missing. */
  onRowsShown(first: number, last: number): void;
  /** Scroll a row into view; a new `seq` asks again for the same row. */
  jump?: Jump | null;
  /** What one row is called, for the placeholder: "link" gives "Loading link 50,001…". */
  rowNoun: string;
}

export function WindowedRows({
  total,
  rowHeight,
  scrollElement,
  rows,
  renderRow,
  onRowsShown,
  jump,
  rowNoun,
}: WindowedRowsProps) {
  const body = useRef<HTMLDivElement>(null);
  const [rowsTop, setRowsTop] = useState(0);
  // Where the rows start below the top of the scrolled content: the header's height, measured
  // against the scroll element (offsetTop would count from whichever ancestor is positioned).
  useLayoutEffect(() => {
    if (!body.current || !scrollElement) return;
    const top = body.current.getBoundingClientRect().top - scrollElement.getBoundingClientRect().top;
    setRowsTop(top + scrollElement.scrollTop - scrollElement.clientTop);
  }, [scrollElement]);
  const scroll = useScaledScroll(scrollElement, total, rowHeight, rowsTop);
  const { offset, scrollTop, viewport, height, scrollToIndex, scrollToOffset } = scroll;

  const inView = rowsInView(offset, viewport, rowHeight, total, 0);
  useEffect(() => {
    if (total > 0) onRowsShown(inView.first, inView.last);
  }, [inView.first, inView.last, total, onRowsShown]);

  // Rows that went in or out above the view (live rows on top, a block read again) move the rows in
  // it: the table scrolls with them, so what the tester reads stays put. At the very top it does
  // not, so new rows there come into view.
  const rowsBefore = useRef(rows);
  useLayoutEffect(() => {
    const before = rowsBefore.current;
    rowsBefore.current = rows;
    if (offset === 0) return;
    const moved = rowsMoved(before, rows, inView.first);
    if (moved !== 0) scrollToOffset(offset + moved * rowHeight);
    // Only a change of the rows moves the view: the scrolling itself is the tester's.
  }, [rows]);

  // A jump asked for before this table was shown (another screen, an empty list) is history.
  const jumped = useRef(jump?.seq ?? 0);
  useEffect(() => {
    if (!jump || jump.seq === jumped.current || !scrollElement) return;
    jumped.current = jump.seq;
    scrollToIndex(jump.index, jump.align);
  }, [jump, scrollToIndex, scrollElement]);

  const { first, last } = rowsInView(offset, viewport, rowHeight, total, OVERSCAN);
  const drawn: ReactNode[] = [];
  for (let index = first; index <= last && total > 0; index++) {
    // Scaled, the rows are drawn where the view is, at their distance from its content offset.
    const top = scrollTop + index * rowHeight - offset;
    const id = rows.get(index);
    drawn.push(
      id ? (
        renderRow(id, index, top)
      ) : (
        <div
          key={`placeholder-${index}`}
          className="table-row table-placeholder"
          role="row"
          aria-rowindex={index + 2}
          aria-busy="true"
          style={{ transform: `translateY(${top}px)` }}
        >
          <div role="cell" className="cell">
            Loading {rowNoun} {(index + 1).toLocaleString('en')}…
          </div>
        </div>
      ),
    );
  }

  return (
    <div className="table-body" role="rowgroup" ref={body} style={{ height }}>
      {drawn}
    </div>
  );
}
