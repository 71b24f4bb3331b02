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
  // The current row: the one whose detail is open, else the one Go to reached.
  const selected = useConsoleStore((state) =>
    state.linkDetail.id ? state.linkDetail.id === id : state.links.reachedId === id,
  );
  const openDetail = useConsoleStore((state) => state.openLinkDetail);
  const checked = useConsoleStore((state) => state.selection.links.has(id));
  const toggle = useConsoleStore((state) => state.toggleLinkSelected);
  if (!link) return null;
  return (
    <div
      className={selected ? 'table-row selected' : 'table-row'}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-link-id={link.id}
      style={{ transform: `translateY(${top}px)` }}
      onClick={(event) => {
        // Row actions and the select box are controls of their own; a click anywhere else opens the detail.
        if (!(event.target as HTMLElement).closest('.row-actions, .cell-select')) openDetail(link.id);
      }}
    >
      <div role="cell" className="cell cell-select">
        <input
          type="checkbox"
          aria-label={`Select ${link.title}`}
          checked={checked}
          // The change comes from a click: shift held selects the range from the last box clicked.
          onChange={(event) => toggle(link.id, index, (event.nativeEvent as MouseEvent).shiftKey === true)}
        />
      </div>
      <div role="cell" className="cell">
        <StatusBadge status={link.status} />
      </div>
      <div role="cell" className="cell cell-title">
        <button type="button" className="title title-button" title={`Open ${link.title}`}>
          {link.title}
        </button>
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
        <span className="ellipsis" title={`Created ${formatDateTime(link.created_at)}`}>
          {formatDateTime(link.created_at)}
        </span>
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
