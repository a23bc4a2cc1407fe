/** A seeded pseudo-random source: the same seed always yields the same sequence, so the demo data never drifts. */
export type Random = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
};

/** mulberry32: tiny, fast and good enough for demo data; not for anything secret. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

/**
 * A generator seeded from text (FNV-1a hash), for values computed on demand such as one employee's attendance on one
 * day: they stay the same whatever order the calls come in.
 */
export function randomFor(key: string): Random {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return createRandom(hash >>> 0);
}
