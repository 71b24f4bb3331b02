// One row of the links table; it re-renders only when its own link changes.
import { memo } from 'react';
import { formatDateTime } from '../../lib/dates';
import { useConsoleStore } from '../../store/consoleStore';
import { selectCurrency } from '../../store/settingsSlice';
import { AmountCell } from './AmountCell';
import { ExpiresCell } from './ExpiresCell';
import { RowActions } from './RowActions';
import { StatusBadge } from './StatusBadge';

interface LinkRowProps {
  id: string;
  index: number;
  top: number;
}

export const LinkRow = memo(function LinkRow({ id, index, top }: LinkRowProps) {
  const link = useConsoleStore((state) => state.links.byId[id]);
  const currency = useConsoleStore(selectCurrency);
  if (!link) return null;
  return (
    <div
      className="table-row"
      role="row"
      aria-rowindex={index + 2}
      data-link-id={link.id}
      style={{ transform: `translateY(${top}px)` }}
    >
      <div role="cell" className="cell">
        <StatusBadge status={link.status} />
      </div>
      <div role="cell" className="cell cell-title">
        <span className="title" title={link.title}>
          {link.title}
        </span>
        <span className="sub mono" title={link.id}>
          {link.id}
        </span>
      </div>
      <div role="cell" className="cell cell-amount">
        <AmountCell link={link} currency={currency} />
      </div>
      <div role="cell" className="cell">
        {link.reference_id ? (
          <span className="mono ellipsis" title={link.reference_id}>
            {link.reference_id}
          </span>
        ) : (
          <span className="muted">—</span>
        )}
      </div>
      <div role="cell" className="cell">
        {formatDateTime(link.created_at)}
      </div>
      <div role="cell" className="cell">
        <ExpiresCell link={link} />
      </div>
      <div role="cell" className="cell">
        <RowActions link={link} />
      </div>
    </div>
  );
});
