/**
 * A small LRU cache bounded by entries and by a total weight (the local search client
 * weighs a term's matches by their count, since one short prefix can match nearly every
 * record).
 */
export class LruCache<V> {
  private readonly entries = new Map<string, V>();
  private weight = 0;

  constructor(
    readonly maxEntries: number,
    readonly maxWeight = Infinity,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get totalWeight(): number {
    return this.weight;
  }

  get(key: string): V | undefined {
    const found = this.entries.get(key);
    if (found !== undefined) {
      // Most recently used last: a Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, value: V): void {
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.weight -= this.weigh(previous);
    }
    const weight = this.weigh(value);
    // A value heavier than the whole budget is not kept at all.
    if (weight > this.maxWeight) return;
    this.entries.set(key, value);
    this.weight += weight;
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.weight <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.weight -= this.weigh(old);
    }
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }
}
