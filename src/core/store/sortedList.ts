/**
 * An array kept in order by a comparator. Inserts and removals are a binary search plus one
 * memmove, which at 100,000 items costs microseconds and keeps reads as plain index arithmetic.
 */
export class SortedList<T> {
  private items: T[] = [];

  constructor(private readonly compare: (a: T, b: T) => number) {}

  /** Replaces the contents in one sort, for start-up, where one insert per item would be quadratic. */
  reset(items: T[]): void {
    // Takes the array itself: spreading it into push() overflows the stack past ~125,000 items.
    this.items = items.sort(this.compare);
  }

  get length(): number {
    return this.items.length;
  }

  at(index: number): T | undefined {
    return this.items[index];
  }

  /** First index whose item is not less than `probe` (or, with `strict`, greater than it). */
  bound(probe: (item: T) => number, strict = false): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = probe(this.items[mid] as T);
      if (c < 0 || (strict && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(item: T): void {
    const last = this.items[this.items.length - 1];
    if (last === undefined || this.compare(last, item) <= 0) {
      this.items.push(item);
      return;
    }
    // New items usually land a few places from the end (creates in the same millisecond order
    // by id): a short walk back beats a binary search through a million cold items.
    for (let i = this.items.length - 1, steps = 0; i > 0 && steps < 8; i--, steps++) {
      if (this.compare(this.items[i - 1] as T, item) <= 0) {
        this.items.splice(i, 0, item);
        return;
      }
    }
    this.items.splice(
      this.bound((x) => this.compare(x, item), true),
      0,
      item,
    );
  }

  /** Puts `next` where `current` is; they must compare equal (the same key, a newer version). */
  replace(current: T, next: T): void {
    const i = this.bound((x) => this.compare(x, current));
    if (i < this.items.length && this.compare(this.items[i] as T, current) === 0) this.items[i] = next;
  }

  toArray(): T[] {
    return this.items.slice();
  }

  remove(item: T): boolean {
    const i = this.bound((x) => this.compare(x, item));
    if (i < this.items.length && this.compare(this.items[i] as T, item) === 0) {
      this.items.splice(i, 1);
      return true;
    }
    return false;
  }

  /** Removes and returns the leading items for which `due` holds, at most `max` of them. */
  takeWhile(due: (item: T) => boolean, max = Infinity): T[] {
    let n = 0;
    while (n < this.items.length && n < max && due(this.items[n] as T)) n++;
    return n === 0 ? [] : this.items.splice(0, n);
  }

  peek(): T | undefined {
    return this.items[0];
  }
}
