// An HTTP status, coloured by its class; a request never answered says so.
import { statusClass } from '../../lib/requestLog';

export function StatusCode({ status }: { status: number }) {
  // 0: a dropped connection (a fault rule), which was never answered.
  if (status === 0) return <span className="status-code status-none">no answer</span>;
  return <span className={`status-code status-${statusClass(status)}`}>{status}</span>;
}
