import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";

/**
 * SQLite's WAL checkpoint, off the run store's commit path (decision 0015 found it the tail, decision 0028 moves it).
 * With its default, the connection that commits past 1,000 WAL pages copies them into the database file (and fsyncs)
 * inside that commit: every ~75 commits one step waited 4–16 ms, blocking the event loop. Here the run store's
 * connection never checkpoints (`wal_autocheckpoint = 0`); a worker thread with its own connection to the same file
 * runs a PASSIVE checkpoint every CHECKPOINT_EVERY_MS. PASSIVE never waits for or blocks a writer: commits keep
 * appending to the WAL while it copies, and SQLite restarts the WAL from its start once a checkpoint caught up.
 */
export const CHECKPOINT_EVERY_MS = 100;

// The thread's code as a string (eval): Next bundles server code, so a separate worker file would have to be found
// at run time in the build output; an eval'd worker needs only better-sqlite3's resolved path.
const THREAD_CODE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma("busy_timeout = 1000");
const checkpoint = () => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on("message", (message) => {
  if (message !== "stop") return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export type Checkpointer = { stop(): Promise<void> };

/**
 * Starts the checkpoint thread for the SQLite file at `dbPath`; null when a thread cannot be started here, and the
 * caller keeps SQLite's automatic checkpoint. `onLost` runs when the thread dies later, so the caller can turn the
 * automatic checkpoint back on rather than let the WAL grow without end. The thread does not keep the process alive.
 */
export function startCheckpointer(
  dbPath: string,
  onLost: () => void,
  log: Pick<Console, "warn"> = console,
): Checkpointer | null {
  let worker: Worker;
  try {
    // Resolved from the project folder, not this module: inside Next's server bundle import.meta.url is not a path.
    const driver = createRequire(path.join(process.cwd(), "package.json")).resolve("better-sqlite3");
    worker = new Worker(THREAD_CODE, {
      eval: true,
      workerData: { driver, path: dbPath, everyMs: CHECKPOINT_EVERY_MS },
    });
  } catch (error) {
    log.warn(`[runs] the WAL checkpoint thread could not start, commits checkpoint themselves: ${String(error)}`);
    return null;
  }
  let reported = false;
  worker.on("message", (message: { error?: string }) => {
    // Once: a checkpoint that fails (a read-only file) fails the same way every time.
    if (!message.error || reported) return;
    reported = true;
    log.warn(`[runs] WAL checkpoint failed: ${message.error}`);
  });
  let stopping = false;
  worker.on("error", (error) => log.warn(`[runs] the WAL checkpoint thread failed: ${error.message}`));
  worker.on("exit", () => {
    if (!stopping) onLost();
  });
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        worker.once("exit", () => resolve());
        worker.postMessage("stop");
      }),
  };
}
