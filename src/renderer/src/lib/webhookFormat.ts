// Labels and formatting for the Webhooks screen. The shared module's constants carry the schema
// library with them, so the renderer keeps its own copies of the lists (types stay shared).
import type { DeliveryStatus, WebhookEventType } from '../../../shared/types';

export const EVENT_TYPES: WebhookEventType[] = [
  'payment_link.paid',
  'payment_link.failed',
  'payment_link.expired',
  'payment_link.canceled',
];

export const DELIVERY_STATUS_LABEL: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  paused: 'Paused',
  delivering: 'Delivering',
  retrying: 'Retrying',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const DELIVERY_FILTERS: { value: DeliveryStatus | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  ...(Object.keys(DELIVERY_STATUS_LABEL) as DeliveryStatus[]).map((value) => ({
    value,
    label: DELIVERY_STATUS_LABEL[value],
  })),
];

/** The first block of a UUID: enough to tell links apart in a table. */
export const shortId = (id: string) => id.split('-')[0] ?? id;

/** A body pretty-printed when it is JSON, as sent otherwise. */
export function prettyBody(body: string): string {
  if (!body.trim()) return '';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** "in 12s", "in 4m", "3m ago", "now": how far `iso` is from `now`. */
export function formatRelative(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 1) return 'now';
  const text =
    abs < 60
      ? `${abs}s`
      : abs < 3600
        ? `${Math.floor(abs / 60)}m ${String(abs % 60).padStart(2, '0')}s`
        : abs < 86400
          ? `${Math.floor(abs / 3600)}h ${String(Math.floor((abs % 3600) / 60)).padStart(2, '0')}m`
          : `${Math.floor(abs / 86400)}d`;
  return seconds > 0 ? `in ${text}` : `${text} ago`;
}

export const formatDuration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`);

/** A secret as shown before Reveal: its prefix and a few dots. */
export const maskSecret = (secret: string) => `${secret.slice(0, 6)}${'•'.repeat(18)}`;
