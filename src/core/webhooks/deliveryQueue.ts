import type { WebhookDelivery } from '../../shared/types';
import { SortedList } from '../store/sortedList';
import { isFinal } from '../../shared/deliveryStatus';

interface Entry {
  seq: number;
  id: string;
  endpointId: string;
  lane: string;
}

/** A lane's head with the time it falls due. */
interface Waiting {
  due: number;
  entry: Entry;
}

interface Lane {
  items: SortedList<Entry>;
  /** Where its head is indexed: due (ready for its endpoint), not yet due (waiting), or neither (on the wire). */
  placed: { ready: Waiting } | { waiting: Waiting } | null;
}

const bySeq = (a: Entry, b: Entry): number => a.seq - b.seq;
const byDue = (a: Waiting, b: Waiting): number => a.due - b.due || a.entry.seq - b.entry.seq;

/**
 * The deliveries still to be attempted, indexed so that no pass looks at more than it starts.
 * Each endpoint and link has a lane in store order, and only a lane's head may go, so a link's
 * later event waits for its earlier one. Heads that are due sit in their endpoint's ready list in
 * the order they fell due (then store order), so heads a clock advance makes due at once go as
 * they would have in real time: a shuffled endpoint's random waits still decide its order
 * (docs/faults.md). Heads whose time has not come wait in one list, soonest first.
 */
export class DeliveryQueue {
  private readonly entries = new Map<string, Entry>();
  private readonly lanes = new Map<string, Lane>();
  private readonly ready = new Map<string, SortedList<Waiting>>();
  private readonly waiting = new SortedList<Waiting>(byDue);
  /** Heads taken for an attempt: their lane holds still until the attempt ends. */
  private readonly taken = new Set<string>();

  constructor(
    private readonly lookup: (id: string) => WebhookDelivery | undefined,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** A delivery to attempt appeared, or its time changed. */
  upsert(d: WebhookDelivery): void {
    let entry = this.entries.get(d.id);
    if (!entry) {
      // A shuffled delivery (an endpoint's shuffle fault) is its own lane: it waits for no other.
      const key = d.unordered ? `${d.endpoint_id} ${d.id}` : `${d.endpoint_id} ${d.link_id}`;
      entry = { seq: d.seq, id: d.id, endpointId: d.endpoint_id, lane: key };
      this.entries.set(d.id, entry);
      let lane = this.lanes.get(entry.lane);
      if (!lane) {
        lane = { items: new SortedList(bySeq), placed: null };
        this.lanes.set(entry.lane, lane);
      }
      lane.items.insert(entry);
    }
    this.place(entry.lane);
  }

  /** A delivery finished, or was deleted. */
  remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.lanes.get(entry.lane)?.items.remove(entry);
    this.place(entry.lane);
  }

  clear(): void {
    this.entries.clear();
    this.lanes.clear();
    this.ready.clear();
    this.waiting.reset([]);
  }

  /** Moves heads whose time has come to their endpoint's ready list; answers when the next one is due. */
  promote(): number | undefined {
    const now = this.now();
    for (const w of this.waiting.takeWhile((item) => item.due <= now)) {
      const lane = this.lanes.get(w.entry.lane);
      if (lane?.placed && 'waiting' in lane.placed && lane.placed.waiting === w) lane.placed = null;
      this.place(w.entry.lane);
    }
    return this.waiting.peek()?.due;
  }

  /** Endpoints with a due head. */
  readyEndpoints(): string[] {
    return [...this.ready.keys()];
  }

  /**
   * Up to `max` due heads of an endpoint, soonest due first, taken for an attempt. A head already
   * finished or deleted in memory, its commit not yet on disk, stays put until that commit lands.
   */
  take(endpointId: string, max: number): WebhookDelivery[] {
    const list = this.ready.get(endpointId);
    if (!list) return [];
    const taken: Waiting[] = [];
    const deliveries: WebhookDelivery[] = [];
    for (let i = 0; i < list.length && taken.length < max; i++) {
      const head = list.at(i) as Waiting;
      const delivery = this.lookup(head.entry.id);
      if (delivery && !isFinal(delivery)) {
        taken.push(head);
        deliveries.push(delivery);
      }
    }
    for (const head of taken) {
      list.remove(head);
      (this.lanes.get(head.entry.lane) as Lane).placed = null;
      this.taken.add(head.entry.id);
    }
    if (list.length === 0) this.ready.delete(endpointId);
    return deliveries;
  }

  /** One delivery taken for an attempt, when it is its lane's head and due; else undefined. */
  takeOne(id: string): WebhookDelivery | undefined {
    const entry = this.entries.get(id);
    const lane = entry && this.lanes.get(entry.lane);
    if (!entry || !lane?.placed || !('ready' in lane.placed) || lane.placed.ready.entry !== entry)
      return undefined;
    const delivery = this.lookup(id);
    if (!delivery || isFinal(delivery)) return undefined;
    this.unplace(lane);
    this.taken.add(id);
    return delivery;
  }

  /** The earlier delivery its lane makes it wait for (order per endpoint and link), if any. */
  aheadOf(id: string): string | undefined {
    const entry = this.entries.get(id);
    const head = entry && this.lanes.get(entry.lane)?.items.peek();
    return head && head.id !== id ? head.id : undefined;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** The attempt is over: the lane moves on (or retries its head when the time comes). */
  release(id: string): void {
    this.taken.delete(id);
    const entry = this.entries.get(id);
    if (entry) this.place(entry.lane);
  }

  private unplace(lane: Lane): void {
    const placed = lane.placed;
    lane.placed = null;
    if (!placed) return;
    if ('waiting' in placed) {
      this.waiting.remove(placed.waiting);
      return;
    }
    const endpointId = placed.ready.entry.endpointId;
    const list = this.ready.get(endpointId);
    list?.remove(placed.ready);
    if (list?.length === 0) this.ready.delete(endpointId);
  }

  private place(key: string): void {
    const lane = this.lanes.get(key);
    if (!lane) return;
    this.unplace(lane);
    const head = lane.items.peek();
    if (!head) {
      this.lanes.delete(key);
      return;
    }
    if (this.taken.has(head.id)) return;
    const due = Date.parse(this.lookup(head.id)?.next_attempt_at ?? '');
    if (!(due > this.now())) {
      let list = this.ready.get(head.endpointId);
      if (!list) {
        list = new SortedList(byDue);
        this.ready.set(head.endpointId, list);
      }
      // A head with no time (none to wait for) goes first, as it would have at once.
      const ready = { due: Number.isNaN(due) ? 0 : due, entry: head };
      list.insert(ready);
      lane.placed = { ready };
    } else {
      const waiting = { due, entry: head };
      this.waiting.insert(waiting);
      lane.placed = { waiting };
    }
  }
}
