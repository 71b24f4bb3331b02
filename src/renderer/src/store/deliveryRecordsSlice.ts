// The one home of every delivery the console holds: the history table, the inspector and a link's
// detail keep ids and read the record here, so a live change shows in all of them at once.
import type { StateCreator } from 'zustand';
import type { DeliveryAttempt, WebhookDelivery } from '../../../shared/types';
import type { DeliveryDetail, DeliveryRow, InspectedAttempt } from '../api/consoleClient';
import { toRow } from '../lib/deliveryList';
import type { ConsoleState } from './consoleStore';

/** A delivery as lists show it; with its attempts while the inspector shows it. */
export type DeliveryRecord = DeliveryRow & { attempts?: InspectedAttempt[] };

export interface DeliveryRecordsSlice {
  deliveryRecords: Record<string, DeliveryRecord>;
  /** Streamed changes, in order: each replaces its record, whoever read it before. */
  putStreamedDeliveries(deliveries: (WebhookDelivery | DeliveryDetail)[]): void;
  /**
   * Copies read from the console API since the mark `since` (see deliveryStreamMark): a record a
   * streamed change replaced after the mark is newer than the read, and stays.
   */
  putReadDeliveries(deliveries: DeliveryRow[], since?: number): void;
  /** The inspector's read: the delivery with every attempt and each signature's verdict. */
  putInspectedDelivery(delivery: DeliveryDetail): void;
  /** A number to pass to putReadDeliveries for a read that starts now. */
  deliveryStreamMark(): number;
  dropDeliveryRecords(ids: Iterable<string>): void;
  /**
   * Forgets the records no table row, inspector or link detail holds, and the attempts of any but
   * the inspected one, so memory stays bounded.
   */
  pruneDeliveryRecords(): void;
}

/** The verdict on a signature comes only with a read; a streamed copy keeps the one already read. */
function withVerdicts(streamed: DeliveryAttempt[], known: InspectedAttempt[] = []): InspectedAttempt[] {
  const verdicts = new Map(known.map((a) => [`${a.series}.${a.number}`, a.signature_verified]));
  return streamed.map((attempt) => {
    const verdict = verdicts.get(`${attempt.series}.${attempt.number}`);
    return verdict === undefined ? attempt : { ...attempt, signature_verified: verdict };
  });
}

export const createDeliveryRecordsSlice: StateCreator<ConsoleState, [], [], DeliveryRecordsSlice> = (
  set,
  get,
) => {
  let marks = 0;
  const streamedAt = new Map<string, number>();

  const held = (): Set<string> => {
    const state = get();
    const ids = new Set<string>(state.deliveries.rows.values());
    if (state.inspector.id) ids.add(state.inspector.id);
    for (const id of state.linkDetail.deliveryIds) ids.add(id);
    return ids;
  };

  return {
    deliveryRecords: {},

    putStreamedDeliveries(deliveries) {
      if (deliveries.length === 0) return;
      const inspected = get().inspector.id;
      const records = { ...get().deliveryRecords };
      for (const delivery of deliveries) {
        streamedAt.set(delivery.id, ++marks);
        // Attempts carry whole bodies: only the inspected delivery keeps them.
        records[delivery.id] =
          delivery.id === inspected
            ? {
                ...toRow(delivery),
                attempts: withVerdicts(delivery.attempts, records[delivery.id]?.attempts),
              }
            : toRow(delivery);
      }
      set({ deliveryRecords: records });
    },

    putReadDeliveries(deliveries, since) {
      if (deliveries.length === 0) return;
      const records = { ...get().deliveryRecords };
      for (const delivery of deliveries) {
        if (since !== undefined && (streamedAt.get(delivery.id) ?? 0) > since) continue;
        const attempts = records[delivery.id]?.attempts;
        records[delivery.id] = attempts ? { ...delivery, attempts } : delivery;
      }
      set({ deliveryRecords: records });
    },

    putInspectedDelivery(delivery) {
      set((state) => ({
        deliveryRecords: {
          ...state.deliveryRecords,
          [delivery.id]: { ...toRow(delivery), attempts: delivery.attempts },
        },
      }));
    },

    deliveryStreamMark: () => marks,

    dropDeliveryRecords(ids) {
      const records = { ...get().deliveryRecords };
      for (const id of ids) {
        delete records[id];
        streamedAt.delete(id);
      }
      set({ deliveryRecords: records });
    },

    pruneDeliveryRecords() {
      const keep = held();
      const inspected = get().inspector.id;
      const records = get().deliveryRecords;
      const untouched = Object.entries(records).every(
        ([id, record]) => keep.has(id) && (id === inspected || !record.attempts),
      );
      if (untouched) return;
      const kept: Record<string, DeliveryRecord> = {};
      for (const id of keep) {
        const record = records[id];
        if (!record) continue;
        if (id === inspected || !record.attempts) kept[id] = record;
        else {
          const { attempts: _dropped, ...row } = record;
          kept[id] = row;
        }
      }
      for (const id of streamedAt.keys()) if (!keep.has(id)) streamedAt.delete(id);
      set({ deliveryRecords: kept });
    },
  };
};

type InspectedRecord = DeliveryRecord & { attempts: InspectedAttempt[] };

const hasAttempts = (record: DeliveryRecord | undefined): record is InspectedRecord =>
  record?.attempts !== undefined;

/** The inspected delivery, once its attempts are read. */
export function selectInspected(state: ConsoleState): InspectedRecord | null {
  const id = state.inspector.id;
  const record = id ? state.deliveryRecords[id] : undefined;
  return hasAttempts(record) ? record : null;
}
