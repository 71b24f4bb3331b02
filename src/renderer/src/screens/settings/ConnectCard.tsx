// "Connect your app": the base URL, a key the sandbox accepts, and a request that works as is.
import type { Settings } from '../../../../shared/types';
import { exampleKey } from '../../../../shared/exampleKey';
import { CommandBlock } from '../../components/CommandBlock';
import { ConnectFacts } from '../../components/ConnectFacts';
import { shownWorkspace } from '../../lib/consoleWorkspace';

export function connectCommand(baseUrl: string, key: string, settings: Settings): string {
  const idempotency = settings.require_idempotency_key ? `\n  -H "Idempotency-Key: order-1001" \\` : '';
  return `curl -X POST ${baseUrl}/payment-links \\
  -H "Authorization: Bearer ${key}" \\
  -H "Content-Type: application/json" \\${idempotency}
  -d '{"amount": 150000, "title": "Order #1001"}'`;
}

export function ConnectCard({ settings }: { settings: Settings }) {
  const baseUrl = window.location.origin;
  const key = exampleKey(settings.api_keys, shownWorkspace());
  return (
    <section className="settings-card connect-card" aria-labelledby="connect-title">
      <header className="settings-card-header">
        <h3 id="connect-title">Connect your app</h3>
        <p className="muted">
          Point your payment client at this base URL with this key. New links appear on the Links screen as
          they are made; the API reference is at <a href="/openapi.json">/openapi.json</a>.
        </p>
      </header>
      <ConnectFacts baseUrl={baseUrl} apiKey={key} restricted={settings.api_keys.length > 0} />
      <CommandBlock command={connectCommand(baseUrl, key, settings)} />
    </section>
  );
}
