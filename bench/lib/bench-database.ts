import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { LOOPBACK_NETWORKS } from "../../scripts/lib/outbound.mjs";
import { root } from "../../scripts/lib/prepare.mjs";

/**
 * Points this process at a fresh SQLite database `data/bench/<file>` (demo mode, no worker or eval driver of the
 * app's own) and migrates it. lib/db opens DATABASE_URL when first imported: import anything from lib after this.
 */
export async function openFreshBenchDatabase(file: string): Promise<void> {
  const dbPath = path.join(root, "data", "bench", file);
  mkdirSync(path.dirname(dbPath), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
  Object.assign(process.env, {
    DATABASE_URL: `file:${dbPath}`,
    BETTER_AUTH_SECRET: randomBytes(32).toString("base64url"),
    BETTER_AUTH_URL: "http://localhost:3999",
    APP_MODE: "demo",
    RUN_WORKER: "off",
    EVAL_DRIVER: "off",
    // The benchmarks' tool servers and fake model listen on loopback, on ports picked at random.
    OUTBOUND_ALLOWED_NETWORKS: LOOPBACK_NETWORKS,
  });
  const { migrateDatabase } = await import("../../lib/db/migrations");
  await migrateDatabase();
}
