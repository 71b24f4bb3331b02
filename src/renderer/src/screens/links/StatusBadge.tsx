// A link's status as a coloured pill.
import type { LinkStatus } from '../../../../shared/types';

const LABEL: Record<LinkStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
  expired: 'Expired',
  canceled: 'Canceled',
};

export function StatusBadge({ status }: { status: LinkStatus }) {
  return <span className={`badge badge-${status}`}>{LABEL[status]}</span>;
}
