// A small Copy button that says when the text is on the clipboard, or why it is not; what it says
// keeps starting with its caption ("Copy as curl" → "Copied as curl"), so its name still reads as its text.
import { useState } from 'react';

export function CopyButton({
  text,
  label,
  caption = 'Copy',
}: {
  text: string;
  /** A longer name, where the caption alone would not say what is copied. */
  label?: string;
  caption?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <button
      type="button"
      className="button button-small"
      aria-label={label}
      title={state === 'failed' ? 'The clipboard is not available here: select the text instead' : undefined}
      onClick={() => void copy()}
    >
      {state === 'copied'
        ? caption.replace(/^Copy/, 'Copied')
        : state === 'failed'
          ? `${caption} (not copied)`
          : caption}
    </button>
  );
}
