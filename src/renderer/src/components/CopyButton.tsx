// A small Copy button that says when the text is on the clipboard, or why it is not.
import { useState } from 'react';

export function CopyButton({
  text,
  label,
  caption = 'Copy',
}: {
  text: string;
  label: string;
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
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Not copied' : caption}
    </button>
  );
}
