// The Faults screen: rules that make the API misbehave on purpose (docs/contract.md §13), live, with the
// form that adds one. Webhook faults are set per endpoint, in the Webhooks screen.
import { useConsoleStore } from '../../store/consoleStore';
import { FaultRuleForm } from './FaultRuleForm';
import { FaultRuleRow } from './FaultRuleRow';
import { OfflineGate } from '../../components/OfflineGate';

export function FaultsScreen() {
  const rules = useConsoleStore((state) => state.faults.rules);
  const phase = useConsoleStore((state) => state.faults.phase);
  const on = rules.filter((rule) => rule.enabled).length;

  return (
    <section className="screen screen-faults" aria-labelledby="screen-title">
      <header className="screen-header">
        <h2 id="screen-title">Faults</h2>
        <p className="muted">
          Make the API fail on purpose to test your retries and idempotency. Requests a rule hits are marked
          in Requests; webhook faults are set per endpoint in Webhooks.
        </p>
      </header>
      <section className="panel" aria-labelledby="fault-rules-title">
        <header className="panel-header">
          <h3 id="fault-rules-title">Rules</h3>
          <span className="count">
            {rules.length} {rules.length === 1 ? 'rule' : 'rules'}, {on} on
          </span>
        </header>
        {rules.length > 0 ? (
          <ul className="endpoint-list">
            {rules.map((rule) => (
              <FaultRuleRow key={rule.id} rule={rule} />
            ))}
          </ul>
        ) : (
          <div className="panel-empty">
            <p className="empty-title">{phase === 'loading' ? 'Loading rules…' : 'No fault rules'}</p>
            <p className="muted">
              The API behaves. Add a rule below, or from a test with <code>POST /sandbox/faults</code>.
            </p>
          </div>
        )}
      </section>
      <OfflineGate>
        <FaultRuleForm />
      </OfflineGate>
    </section>
  );
}
