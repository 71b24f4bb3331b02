// One fault rule: what it matches and does, how many hits it has left, its switch and its removal.
import type { FaultRule } from '../../../../shared/faults';
import { useConsoleStore } from '../../store/consoleStore';
import { describeAction, describeMatch } from './describeFault';
import { OfflineGate } from '../../components/OfflineGate';

export function FaultRuleRow({ rule }: { rule: FaultRule }) {
  const busy = useConsoleStore((state) => state.faults.busy[rule.id] === true);
  const setEnabled = useConsoleStore((state) => state.setFaultEnabled);
  const remove = useConsoleStore((state) => state.removeFault);
  const probability = rule.probability ?? 1;

  return (
    <li className={rule.enabled ? 'fault-rule' : 'fault-rule fault-rule-off'} aria-label={`Rule ${rule.id}`}>
      <div className="fault-rule-main">
        <p className="fault-rule-match mono">{describeMatch(rule)}</p>
        <p className="fault-rule-action">{describeAction(rule)}</p>
        <p className="endpoint-types">
          <span className="chip">
            {rule.remaining === undefined ? 'until removed' : `${rule.remaining} left`}
          </span>
          {probability < 1 && (
            <span className="chip">{Math.round(probability * 1000) / 10} % of requests</span>
          )}
          {rule.seed !== undefined && <span className="chip mono">seed {rule.seed}</span>}
          {rule.match.api_key && <span className="chip mono">{rule.match.api_key}</span>}
          <span className="chip mono muted">{rule.id}</span>
        </p>
      </div>
      <OfflineGate>
        <div className="endpoint-actions">
          <label className="switch">
            <input
              type="checkbox"
              role="switch"
              checked={rule.enabled}
              disabled={busy}
              onChange={() => void setEnabled(rule.id, !rule.enabled)}
            />
            <span>{rule.enabled ? 'On' : 'Off'}</span>
          </label>
          <button
            type="button"
            className="button button-small button-danger-text"
            disabled={busy}
            onClick={() => void remove(rule.id)}
          >
            Remove
          </button>
        </div>
      </OfflineGate>
    </li>
  );
}
