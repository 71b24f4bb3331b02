// Paid, Failed, Expired and Cancel: one click each, enabled only when the state table allows it.
import type { PaymentLink } from '../../../../shared/types';
import { actionWords, canApply, cannotTake, LINK_ACTIONS } from '../../../../shared/linkStates';
import { ActionButton } from '../../components/ActionButton';
import { useConsoleStore } from '../../store/consoleStore';
import { keepFocusInRow } from './rowFocus';
import { OfflineGate } from '../../components/OfflineGate';

export function RowActions({ link }: { link: PaymentLink }) {
  const busy = useConsoleStore((state) => state.links.busy[link.id]);
  const run = useConsoleStore((state) => state.runLinkAction);
  // Paid does not ask (docs/decisions.md): it says here which method it records.
  const method = useConsoleStore((state) => state.paidMethod.trim() || 'card');
  return (
    <OfflineGate>
      <div className="row-actions">
        {LINK_ACTIONS.map(({ action, label }) => (
          <ActionButton
            key={action}
            className={`button button-small action-${action}`}
            disabledReason={
              busy !== undefined
                ? 'Wait: the link is being changed'
                : !canApply(action, link.status) && cannotTake(action, link.status)
            }
            aria-busy={busy === action || undefined}
            title={action === 'paid' ? `${actionWords('paid')}, paid by ${method}` : actionWords(action)}
            onClick={() => void run(link.id, action).then(() => keepFocusInRow(link.id))}
          >
            {label}
          </ActionButton>
        ))}
      </div>
    </OfflineGate>
  );
}
