// An endpoint's signing secret: masked until revealed, and copyable.
import { useState } from 'react';
import { maskSecret } from '../../lib/webhookFormat';
import { useConsoleStore } from '../../store/consoleStore';

export function SecretField({ secret }: { secret: string }) {
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState(false);
  const pushToast = useConsoleStore((state) => state.pushToast);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      () => pushToast('error', 'Could not copy: the clipboard is not available here. Reveal and select it.'),
    );
  return (
    <div className="secret">
      <span className="mono secret-value" data-testid="endpoint-secret">
        {revealed ? secret : maskSecret(secret)}
      </span>
      <button
        type="button"
        className="button button-small"
        aria-pressed={revealed}
        onClick={() => setRevealed(!revealed)}
      >
        {revealed ? 'Hide' : 'Reveal'}
      </button>
      <button type="button" className="button button-small" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
