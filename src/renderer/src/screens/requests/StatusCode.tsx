// An HTTP status, coloured by its class.
import { statusClass } from '../../lib/requestLog';

export function StatusCode({ status }: { status: number }) {
  return <span className={`status-code status-${statusClass(status)}`}>{status}</span>;
}
