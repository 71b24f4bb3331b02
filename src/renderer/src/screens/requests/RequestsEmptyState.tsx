// Before the first API call: what will show here, and a call to make one.
import { EXAMPLE_API_KEY } from '../../../../shared/exampleKey';
import { CommandBlock } from '../../components/CommandBlock';
import { ConnectFacts, useExampleKey } from '../../components/ConnectFacts';

export function RequestsEmptyState({ showAll }: { showAll: boolean }) {
  const key = useExampleKey();
  const command = `curl ${window.location.origin}/payment-links \\
  -H "Authorization: Bearer ${key}"`;
  return (
    <div className="empty-state">
      <p className="empty-title">No API requests yet</p>
      <p>
        The API calls your app makes appear here live, newest first: method, path, status, duration, the key
        and <code>Idempotency-Key</code> it used, and both bodies as they went over the wire.
        {showAll ? '' : ' Console and checkout-page requests are hidden unless you ask for them.'}
      </p>
      <p>Try one from a terminal:</p>
      <ConnectFacts baseUrl={window.location.origin} apiKey={key} restricted={key !== EXAMPLE_API_KEY} />
      <CommandBlock command={command} />
    </div>
  );
}
