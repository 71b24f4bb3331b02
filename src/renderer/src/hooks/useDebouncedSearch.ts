// A search box whose filter the server runs over the whole list: the box follows each keystroke,
// the filter only once typing rests, so a word typed is one read of the list, not one per letter.
import { useEffect, useRef, useState } from 'react';

const SEARCH_DELAY_MS = 250;

/** The box's text and its setter; `apply` runs once the text has rested, `value` is the filter's. */
export function useDebouncedSearch(
  value: string,
  apply: (text: string) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(value);
  // The filter can also change elsewhere (Back, a pasted address, a link's "its requests"): the box follows.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => apply(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, apply]);
  // Leaving the screen while typing still applies what was typed: the filter is not left behind.
  const latest = useRef({ text, value, apply });
  latest.current = { text, value, apply };
  useEffect(
    () => () => {
      const { text: typed, value: applied, apply: applyNow } = latest.current;
      if (typed !== applied) applyNow(typed);
    },
    [],
  );
  return [text, setText];
}
