// A link's status as a coloured pill; its tooltip says which action leads there (docs/contract.md §4).
import type { LinkStatus } from '../../../../shared/types';
import { STATUS_LABEL, statusWords } from '../../../../shared/linkStates';

export function StatusBadge({ status }: { status: LinkStatus }) {
  return (
    <span className={`badge badge-${status}`} title={statusWords(status)}>
      {STATUS_LABEL[status]}
    </span>
  );
}
