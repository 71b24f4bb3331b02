import type { Readable } from 'node:stream';
import { EXPORT_FORMAT, EXPORT_SCHEMA_VERSION, type StoreExport } from '../../shared/dataFolder';
import { isoTime } from '../clock';
import { withDefaults } from '../settings';
import { jsonDocumentStream } from '../store/jsonDocumentWriter';
import type { Store } from '../store/store';
import { VERSION } from '../version';

/**
 * The whole store as one file, written as it is read: a store of a million links is larger than
 * any string or Buffer should be. Taken by reference (records are immutable), so the file is one
 * consistent moment however long it takes to send and whatever requests change meanwhile; only
 * what is on disk is in it, never a change whose client was (or will be) told it was refused; and
 * expired idempotency records are left out.
 */
export async function exportStream(store: Store, nowMs: number): Promise<Readable> {
  const { settings, settlement_account_id, ...data } = await store.durableCapture(nowMs);
  // Typed as the whole file, so its fields and their order are the schema's.
  const { links, events, endpoints, deliveries, idempotency, ...head }: StoreExport = {
    format: EXPORT_FORMAT,
    schema_version: EXPORT_SCHEMA_VERSION,
    exported_at: isoTime(nowMs),
    app_version: VERSION,
    settlement_account_id: settlement_account_id as string,
    settings: withDefaults(settings),
    queue_paused: data.queue_paused ?? false,
    clock: data.clock,
    faults: data.faults ?? [],
    links: data.links as StoreExport['links'],
    events: data.events,
    endpoints: data.endpoints,
    deliveries: data.deliveries ?? [],
    idempotency: data.idempotency as StoreExport['idempotency'],
  };
  return jsonDocumentStream(head, { links, events, endpoints, deliveries, idempotency });
}

/** payment-links-sandbox-2026-11-22T15-41-48Z.json: sortable, and legal on every file system. */
export function exportFileName(nowMs: number): string {
  const stamp = isoTime(nowMs).slice(0, 19).replace(/:/g, '-');
  return `payment-links-sandbox-${stamp}Z.json`;
}
