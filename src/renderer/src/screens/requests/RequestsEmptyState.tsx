// Before the first API call: what will show here, and a call to make one.
import { useState } from 'react';

export function RequestsEmptyState({ showAll }: { showAll: boolean }) {
  const [copied, setCopied] = useState(false);
  const command = `curl ${window.location.origin}/payment-links \\
  -H "Authorization: Bearer sk_test_123"`;
  const copy = () =>
    navigator.clipboard.writeText(command).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="empty-state">
      <p className="empty-title">No API requests yet</p>
      <p>
        The API calls your app makes appear here live, newest first: method, path, status, duration, the key
        and <code>Idempotency-Key</code> it used, and both bodies as they went over the wire.
        {showAll ? '' : ' Console and checkout-page requests are hidden unless you ask for them.'}
      </p>
      <p>Try one from a terminal with any sk_test_ key:</p>
      <div className="code-block">
        <pre>{command}</pre>
        <button type="button" className="button button-small" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
    </div>
  );
}
