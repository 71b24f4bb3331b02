// Scrolling a list of any length: where the content is scrolled to, in content pixels, even when
// the scroll space is scaled (see scrollScale). Scaled, the wheel and the arrow keys move by content
// pixels as usual instead of the scaled amount. Home, End and the page keys are always moved here, at
// once: the browser's own animated scroll would still be running when focus is put on the row reached
// (rowFocus.ts), and a second key pressed meanwhile would land on a row the animation then takes away.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LINE_PX, offsetFor, pageStepPx, scrollScale, type ScrollScale } from '../lib/scrollScale';
import { isTypingTarget } from '../lib/typingTarget';

export interface ScaledScroll extends ScrollScale {
  /** How far the content is scrolled, in content pixels. */
  offset: number;
  /** The scroll element's scrollTop that goes with it: the top of the view inside the rows' box. */
  scrollTop: number;
  /** The height of the rows' part of the view (below the header). */
  viewport: number;
  scrollToIndex(index: number, align: 'start' | 'center' | 'end'): void;
  /** Scrolls to a content offset. */
  scrollToOffset(offset: number): void;
}

export function useScaledScroll(
  scrollElement: HTMLElement | null,
  total: number,
  rowHeight: number,
  /** Where the rows start inside the scrolled content (the header's height). */
  rowsTop: number,
): ScaledScroll {
  const [viewport, setViewport] = useState(0);
  const [position, setPosition] = useState({ offset: 0, scrollTop: 0 });
  const scale = scrollScale(total, rowHeight, viewport);
  // The handlers below read the latest values without being attached again on every render.
  const latest = useRef({ scale, position, viewport });
  latest.current = { scale, position, viewport };
  /** The scrollTop this hook set last, so the scroll event it causes is not read as the tester's. */
  const ownScrollTop = useRef<number | null>(null);

  const moveTo = useCallback(
    (offset: number) => {
      if (!scrollElement) return;
      const { contentRange, ratio } = latest.current.scale;
      const next = Math.min(contentRange, Math.max(0, offset));
      scrollElement.scrollTop = next / ratio;
      ownScrollTop.current = scrollElement.scrollTop;
      setPosition({ offset: next, scrollTop: scrollElement.scrollTop });
    },
    [scrollElement],
  );

  useLayoutEffect(() => {
    if (!scrollElement) return;
    const measure = () => setViewport(Math.max(0, scrollElement.clientHeight - rowsTop));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scrollElement);
    return () => observer.disconnect();
  }, [scrollElement, rowsTop]);

  // When the list grows or shrinks the scale changes: the same content stays in view.
  const { ratio } = scale;
  useLayoutEffect(() => {
    if (latest.current.position.offset > 0) moveTo(latest.current.position.offset);
  }, [ratio, moveTo]);

  useEffect(() => {
    if (!scrollElement) return;
    const onScroll = () => {
      const scrollTop = scrollElement.scrollTop;
      if (scrollTop === ownScrollTop.current) return;
      ownScrollTop.current = null;
      const { ratio: r, contentRange } = latest.current.scale;
      setPosition({ offset: Math.min(contentRange, scrollTop * r), scrollTop });
    };
    const onWheel = (event: WheelEvent) => {
      if (latest.current.scale.ratio === 1 || event.ctrlKey || event.deltaY === 0) return;
      event.preventDefault();
      const unit = event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? latest.current.viewport : 1;
      moveTo(latest.current.position.offset + event.deltaY * unit);
    };
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
      const { scale: now, position: at, viewport: height } = latest.current;
      const page = pageStepPx(height);
      const steps: Record<string, number> = {
        Home: -Infinity,
        End: Infinity,
        PageUp: -page,
        PageDown: page,
        ...(now.ratio > 1 && { ArrowUp: -LINE_PX, ArrowDown: LINE_PX }),
      };
      const step = steps[event.key];
      if (step === undefined) return;
      event.preventDefault();
      moveTo(at.offset + step);
    };
    scrollElement.addEventListener('scroll', onScroll, { passive: true });
    scrollElement.addEventListener('wheel', onWheel, { passive: false });
    scrollElement.addEventListener('keydown', onKey);
    return () => {
      scrollElement.removeEventListener('scroll', onScroll);
      scrollElement.removeEventListener('wheel', onWheel);
      scrollElement.removeEventListener('keydown', onKey);
    };
  }, [scrollElement, moveTo]);

  const scrollToIndex = useCallback(
    (index: number, align: 'start' | 'center' | 'end') => {
      const { contentRange } = latest.current.scale;
      moveTo(offsetFor(index, align, rowHeight, latest.current.viewport, contentRange));
    },
    [moveTo, rowHeight],
  );

  return { ...scale, ...position, viewport, scrollToIndex, scrollToOffset: moveTo };
}
