// Resend, Retry now and Delete for one delivery: in its table row and in the inspector.
import type { DeliveryRow } from '../../api/consoleClient';
import { isWaiting } from '../../../../shared/deliveryStatus';
import { useConsoleStore } from '../../store/consoleStore';
import type { DeliveryAction } from '../../store/deliveriesSlice';
import { OfflineGate } from '../../components/OfflineGate';
import { refocusRow } from '../../lib/rowArrows';

export function DeliveryActions({ delivery }: { delivery: Pick<DeliveryRow, 'id' | 'status'> }) {
  const busy = useConsoleStore((state) => state.deliveries.busy[delivery.id]);
  const run = useConsoleStore((state) => state.runDeliveryAction);
  // A paused delivery is a waiting one held by the queue: Retry now sends that one alone through it.
  const paused = delivery.status === 'paused';
  const removable = isWaiting(delivery);
  const button = (action: DeliveryAction, label: string, enabled: boolean, hint: string) => (
    <button
      type="button"
      className="button button-small"
      disabled={busy !== undefined || !enabled}
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
    </button>
  );
  return (
    <OfflineGate>
      <div className="row-actions">
        {button(
          'resend',
          'Resend',
          delivery.status !== 'delivering',
          'Send the same event again, with the same webhook-id',
        )}
        {removable &&
          button(
            'retry',
            'Retry now',
            true,
            paused
              ? 'Send this one now; the rest of the queue stays paused'
              : 'Send it now instead of waiting',
          )}
        {removable && button('delete', 'Delete', true, 'Drop this waiting delivery')}
      </div>
    </OfflineGate>
  );
}
