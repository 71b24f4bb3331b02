import { useState } from 'react';

/** A command to paste into a terminal, with a Copy button. */
export function CommandBlock({ command }: { command: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(command).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="code-block">
      <pre tabIndex={0}>{command}</pre>
      <button type="button" className="button button-small" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
