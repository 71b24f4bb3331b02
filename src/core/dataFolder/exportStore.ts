import { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION, type StoreExport } from '../../shared/dataFolder';
import { isoTime } from '../clock';
import { withDefaults } from '../settings';
import type { StoreState } from '../store/storeState';
import { VERSION } from '../version';

/**
 * The whole store as one file. Taken by reference in one tick (records are immutable), so it is
 * one consistent moment even while requests go on; expired idempotency records are left out.
 */
export function exportStore(state: StoreState, nowMs: number): StoreExport {
  const { settings, settlement_account_id, ...data } = state.capture(0, nowMs);
  return {
    format: EXPORT_FORMAT,
    schema_version: EXPORT_SCHEMA_VERSION,
    exported_at: isoTime(nowMs),
    app_version: VERSION,
    settlement_account_id: settlement_account_id as string,
    settings: withDefaults(settings),
    queue_paused: data.queue_paused ?? false,
    links: data.links as StoreExport['links'],
    events: data.events,
    endpoints: data.endpoints,
    deliveries: data.deliveries ?? [],
    idempotency: data.idempotency,
  };
}

/** payment-links-sandbox-2026-11-22T15-41-48Z.json: sortable, and legal on every file system. */
export function exportFileName(nowMs: number): string {
  const stamp = isoTime(nowMs).slice(0, 19).replace(/:/g, '-');
  return `payment-links-sandbox-${stamp}Z.json`;
}
