// A delivery's state as a coloured pill.
import type { DeliveryStatus } from '../../../../shared/types';
import { DELIVERY_STATUS_LABEL } from '../../lib/webhookFormat';

export function DeliveryBadge({ status }: { status: DeliveryStatus }) {
  return <span className={`badge badge-delivery-${status}`}>{DELIVERY_STATUS_LABEL[status]}</span>;
}
