import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveSqlitePath } from "../../../db/core";
import { startCheckpointer } from "../run-checkpointer";
import { runDb, writeSqliteRuns } from "../run-sqlite";
import { sqlRun } from "../run-sql";

/** Whether `text` is in the database file itself (not its WAL): only checkpointed pages are there. */
function inDatabaseFile(text: string): boolean {
  return readFileSync(resolveSqlitePath()).includes(text);
}

async function eventually<T>(read: () => T, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("the run store's WAL checkpoints", () => {
  it("are not taken by the run store's commits, yet what they commit reaches the database file soon after", async () => {
    // The committing connection never checkpoints (no commit waits for one)...
    expect(runDb().pragma("wal_autocheckpoint", { simple: true })).toBe(0);
    const key = `checkpoint-${randomUUID()}`;
    await writeSqliteRuns(() =>
      sqlRun(`INSERT INTO "setting" ("key", "value", "updatedAt") VALUES (?, ?, ?)`, [
        key,
        "copied",
        new Date().toISOString(),
      ]),
    );
    // ...and the checkpoint thread copies the commit from the WAL into the file on its own.
    expect(await eventually(() => inDatabaseFile(key), Boolean)).toBe(true);
  });

  it("reports a thread that could not open the database as lost, so the caller checkpoints again", async () => {
    const missing = path.join(mkdtempSync(path.join(tmpdir(), "checkpointer-")), "no", "such", "folder", "x.db");
    const lost = new Promise<boolean>((resolve) => {
      const checkpointer = startCheckpointer(missing, () => resolve(true), { warn: () => undefined });
      expect(checkpointer).not.toBeNull();
    });
    expect(await lost).toBe(true);
  });
});
