// Resend, Retry now and Delete for one delivery: in its table row and in the inspector.
import type { DeliveryRow } from '../../api/consoleClient';
import { isWaiting } from '../../../../shared/deliveryStatus';
import { ActionButton } from '../../components/ActionButton';
import { retryNowHint } from '../../lib/retryNowWords';
import { useConsoleStore } from '../../store/consoleStore';
import type { DeliveryAction } from '../../store/deliveriesSlice';
import { OfflineGate } from '../../components/OfflineGate';
import { refocusRow } from '../../lib/rowArrows';

/** Why the row's buttons wait: one action at a time per delivery. */
const BUSY: Record<DeliveryAction, string> = {
  resend: 'Wait: it is being resent',
  retry: 'Wait: its retry is being sent',
  delete: 'Wait: it is being deleted',
};

export function DeliveryActions({ delivery }: { delivery: Pick<DeliveryRow, 'id' | 'status'> }) {
  const busy = useConsoleStore((state) => state.deliveries.busy[delivery.id]);
  const run = useConsoleStore((state) => state.runDeliveryAction);
  const queuePaused = useConsoleStore((state) => state.deliveryQueue.state?.paused ?? false);
  const schedule = useConsoleStore((state) => state.settings?.webhook_retry_schedule_seconds);
  // A paused delivery is a waiting one held by the queue: Retry now sends that one alone through it.
  const paused = delivery.status === 'paused';
  const removable = isWaiting(delivery);
  const waiting = busy && BUSY[busy];
  const button = (action: DeliveryAction, label: string, disabledReason: string | false, hint: string) => (
    <ActionButton
      className="button button-small"
      disabledReason={waiting || disabledReason}
      aria-busy={busy === action || undefined}
      title={hint}
      onClick={(event) => {
        event.stopPropagation();
        void run(delivery.id, action).then(() =>
          refocusRow(
            `[role="row"][data-delivery-id="${CSS.escape(delivery.id)}"]`,
            '.table-scroll:has(.deliveries-table)',
          ),
        );
      }}
    >
      {label}
    </ActionButton>
  );
  return (
    <OfflineGate>
      <div className="row-actions">
        {button(
          'resend',
          'Resend',
          delivery.status === 'delivering' && 'Being attempted right now: resend it once that attempt ends',
          queuePaused
            ? 'Send the same event again, with the same webhook-id. The queue is paused: the new attempts wait until it is resumed'
            : 'Send the same event again, with the same webhook-id',
        )}
        {removable && button('retry', 'Retry now', false, retryNowHint(schedule, paused))}
        {removable && button('delete', 'Delete', false, 'Drop this waiting delivery')}
      </div>
    </OfflineGate>
  );
}
