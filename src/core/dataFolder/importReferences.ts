import type { StoreExport } from '../../shared/dataFolder';
import { isFinal } from '../../shared/deliveryStatus';
import type { SandboxError } from '../errors';
import { TEST_EVENT_REFERENCE } from '../webhooks/testEvent';
import { brokenAt, duplicateId } from './importProblems';
import type { Broken } from './importRules';

export type ListName = 'links' | 'events' | 'endpoints' | 'deliveries' | 'idempotency';
export type KeptLists = { [L in ListName]: StoreExport[L][number][] };
type Event = StoreExport['events'][number];
type Delivery = StoreExport['deliveries'][number];

const broken = (at: string, problem: string): Broken => ({ at, problem });
/** A test event's link is a sample, never in the store (webhooks/testEvent.ts). */
const isTestEvent = (event: Event): boolean => event.data.reference_id === TEST_EVENT_REFERENCE;

interface Reference {
  from: 'events' | 'deliveries';
  to: ListName;
  field: string;
  /** The id the record names in `to`, or null when it need not name one there. */
  target(record: never): string | null;
  /** Why the record and the one it names do not belong together, or null. */
  mismatch?(record: never, found: never, foundIndex: number): Broken | null;
  absent: string;
}

const REFERENCES: Reference[] = [
  {
    from: 'events',
    to: 'links',
    field: 'data.id',
    target: (event: Event) => (isTestEvent(event) ? null : event.data.id),
    absent: `names no link in the file; an event must be of one of the file's links, unless it is a test event sent from the console (reference_id "${TEST_EVENT_REFERENCE}")`,
  },
  {
    from: 'deliveries',
    to: 'events',
    field: 'event_id',
    target: (delivery: Delivery) => delivery.event_id,
    mismatch: (delivery: Delivery, event: Event, at: number) => {
      if (delivery.event_type !== event.type) {
        return broken(
          'event_type',
          `must be the type of its event events[${at}] (${event.type}); got "${delivery.event_type}"`,
        );
      }
      if (delivery.link_id.toLowerCase() !== event.data.id.toLowerCase()) {
        return broken(
          'link_id',
          `must be the link of its event events[${at}] (${event.data.id}); got "${delivery.link_id}"`,
        );
      }
      if (delivery.test && !isTestEvent(event)) {
        return broken(
          'test',
          `is true, but its event events[${at}] is not a test event sent from the console`,
        );
      }
      return null;
    },
    absent: "names no event in the file; a delivery must send one of the file's events",
  },
  {
    from: 'deliveries',
    to: 'endpoints',
    field: 'endpoint_id',
    // Only finished deliveries outlive their endpoint: deleting it deletes the waiting ones.
    target: (delivery: Delivery) => (isFinal(delivery) ? null : delivery.endpoint_id),
    absent:
      "names no endpoint in the file; a delivery still to be sent must name one of the file's endpoints (only finished deliveries outlive theirs)",
  },
  {
    from: 'deliveries',
    to: 'links',
    field: 'link_id',
    target: (delivery: Delivery) => (delivery.test ? null : delivery.link_id),
    absent: "names no link in the file; only a test event's delivery may be of a link not in the store",
  },
];

/**
 * The file's records against each other, as they arrive: no two with the same id, and each
 * reference to a record of the file. Only ids are held (each list's ids, to the index of their
 * record): the records themselves are the kept lists. A reference to a list not read yet (a file
 * with its lists in another order than the export's) waits as the index of the record making it
 * until that list has ended.
 */
export class ImportReferences {
  /** Per list, each id (lowercase: lookups lowercase what they are given) → its index. */
  private readonly ids = new Map<ListName, Map<string, number>>();
  private readonly ended = new Set<ListName>();
  /** The lists in the order they began, so references waiting on one list resolve in file order. */
  private readonly begun: ListName[] = [];
  private readonly waiting = new Map<Reference, number[]>();

  constructor(
    private readonly kept: KeptLists,
    private readonly refuse: (problem: SandboxError) => void,
  ) {}

  /** The record at `index` of `list`, kept at the same index. False once it has been refused. */
  add(list: ListName, index: number, id: string): boolean {
    if (!this.begun.includes(list)) this.begun.push(list);
    if (!this.isNew(list, index, id)) return false;
    for (const reference of REFERENCES) {
      if (reference.from !== list) continue;
      if (!this.ended.has(reference.to)) {
        let indexes = this.waiting.get(reference);
        if (!indexes) this.waiting.set(reference, (indexes = []));
        indexes.push(index);
      } else if (!this.resolve(reference, index)) return false;
    }
    return true;
  }

  /** Refuses the first reference that was waiting on `list` and names nothing there. */
  listEnded(list: ListName): void {
    this.ended.add(list);
    if (!this.begun.includes(list)) this.begun.push(list);
    const due = REFERENCES.filter((r) => r.to === list && this.waiting.has(r)).sort(
      (a, b) => this.begun.indexOf(a.from) - this.begun.indexOf(b.from),
    );
    for (const reference of due) {
      const indexes = this.waiting.get(reference) as number[];
      this.waiting.delete(reference);
      for (const index of indexes) if (!this.resolve(reference, index)) return;
    }
  }

  private isNew(list: ListName, index: number, id: string): boolean {
    let seen = this.ids.get(list);
    if (!seen) this.ids.set(list, (seen = new Map()));
    // A scope holds an Idempotency-Key as the client sent it, so case counts there. An id is
    // the record's own string when it is already lowercase (as the sandbox writes them), so a
    // million ids cost no copies.
    const lower = list === 'idempotency' ? id : id.toLowerCase();
    const key = lower === id ? id : lower;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, index);
      return true;
    }
    this.refuse(duplicateId(list, index, first, list === 'idempotency' ? null : id));
    return false;
  }

  private resolve(reference: Reference, index: number): boolean {
    const record = this.kept[reference.from][index] as never;
    const id = reference.target(record);
    if (id === null) return true;
    const found = this.ids.get(reference.to)?.get(id.toLowerCase());
    const place = `${reference.from}[${index}]`;
    if (found === undefined) {
      this.refuse(brokenAt(`${place}.${reference.field}`, `is "${id}", which ${reference.absent}`));
      return false;
    }
    const mismatch = reference.mismatch?.(record, this.kept[reference.to][found] as never, found);
    if (!mismatch) return true;
    this.refuse(brokenAt(`${place}.${mismatch.at}`, mismatch.problem));
    return false;
  }
}
