// The badge on a request a fault rule hit, in the Requests table and detail.
import type { RequestLogSummary } from '../../../../shared/types';
import { FAULT_MARK } from './describeFault';

export function FaultMark({ fault }: { fault: RequestLogSummary['fault'] }) {
  if (!fault) return null;
  return (
    <span className="fault-badge" title={`Fault rule ${fault.rule_id} (${fault.action})`}>
      {FAULT_MARK[fault.action]}
    </span>
  );
}
