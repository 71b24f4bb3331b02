// What to do when there are no links yet, or none match the filter.
import { EXAMPLE_API_KEY } from '../../../../shared/exampleKey';
import { CommandBlock } from '../../components/CommandBlock';
import { ConnectFacts, useExampleKey } from '../../components/ConnectFacts';

export function LinksEmptyState({
  filtered,
  onNewLink,
  onSamples,
}: {
  filtered: boolean;
  onNewLink(): void;
  onSamples(): void;
}) {
  const key = useExampleKey();
  if (filtered) {
    return (
      <div className="empty-state">
        <p className="empty-title">No links match</p>
        <p>Try another status, date range or search. New links that match appear here as they are made.</p>
      </div>
    );
  }
  const command = `curl -X POST ${window.location.origin}/payment-links \\
  -H "Authorization: Bearer ${key}" \\
  -H "Content-Type: application/json" \\
  -d '{"amount": 150000, "title": "Order #1001"}'`;
  return (
    <div className="empty-state">
      <p className="empty-title">No payment links yet</p>
      <p>
        Create one from your app or a terminal with any <code>sk_test_</code> key. It shows up here the moment
        it is made, no refresh needed.
      </p>
      <ConnectFacts baseUrl={window.location.origin} apiKey={key} restricted={key !== EXAMPLE_API_KEY} />
      <CommandBlock command={command} />
      <p>
        Or{' '}
        <button type="button" className="button button-primary" onClick={onNewLink}>
          create a link here
        </button>{' '}
        — API reference: <a href="/openapi.json">/openapi.json</a>
      </p>
      <p>
        Just looking around?{' '}
        <button type="button" className="button" onClick={onSamples}>
          Create sample links
        </button>{' '}
        in a mix of states.
      </p>
    </div>
  );
}
