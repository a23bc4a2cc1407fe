// Calls made by many runs in the same turn of the event loop, answered by one call for all of them (on PostgreSQL
// each call is a round trip on the hot path). One batch is in flight at a time; calls made meanwhile make the next.

/**
 * Wraps `callMany` (keys → the answer for each, by key) so that each call with one key joins the next batch; its
 * promise settles with that batch, with the key's answer (undefined when it has none).
 */
export function batchedCalls<K, V>(
  callMany: (keys: K[]) => Promise<Map<K, V> | void>,
): (key: K) => Promise<V | undefined> {
  let waiting: Array<{ key: K; resolve: (value: V | undefined) => void; reject: (error: unknown) => void }> = [];
  let busy = false;
  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      await callMany([...new Set(batch.map((entry) => entry.key))]).then(
        (answers) => batch.forEach((entry) => entry.resolve(answers?.get(entry.key))),
        (error: unknown) => batch.forEach((entry) => entry.reject(error)),
      );
    }
    busy = false;
  }
  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (busy) return;
      busy = true;
      setImmediate(() => void drain());
    });
}
