import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signInAs, signedIn } from "../../../test/request-context";
import { signInWithPassword } from "../../session";
import { resolveSqlitePath } from "../location";
import { DatabaseUnavailableError, prisma } from "../core";
import { applySqliteMigrations, migrateOnStartup, MigrationError } from "../migrations";
import { seedDatabase } from "../../demo/seed";
import { createUser, listUsers } from "../users";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

/**
 * Makes a file read-only for this process. Tests run as root in CI, which ignores permission bits, so root sets
 * the ext4 immutable attribute instead; anyone else clears the write bits.
 */
function setReadOnly(file: string, readOnly: boolean) {
  if (process.getuid?.() === 0) execFileSync("chattr", [readOnly ? "+i" : "-i", file]);
  else chmodSync(file, readOnly ? 0o444 : 0o644);
}

const dbPath = resolveSqlitePath();
const readOnlyFiles: string[] = [];

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  await signInAs("admin@example.com", "admin-demo-pass");
  await prisma.$disconnect();
  // Fold the write-ahead log into the main file first, so the read-only file holds everything written so far.
  const Database = (await import("better-sqlite3")).default;
  const raw = new Database(dbPath);
  raw.pragma("wal_checkpoint(TRUNCATE)");
  raw.pragma("journal_mode = DELETE");
  raw.close();
  setReadOnly(dbPath, true);
  readOnlyFiles.push(dbPath);
});

afterAll(() => {
  for (const file of readOnlyFiles) setReadOnly(file, false);
});

describe("a read-only database file", () => {
  it("still serves reads", async () => {
    const users = await listUsers(signedIn());
    expect(users.map((user) => user.email)).toContain("author@example.com");
  });

  it("still serves reads inside a transaction (which cannot take the write lock here)", async () => {
    const counted = await prisma.$transaction(async (tx) => tx.user.count());
    expect(counted).toBeGreaterThan(0);
  });

  it("refuses a new user with a clear message and writes nothing", async () => {
    const before = await prisma.user.count();
    const attempt = createUser(signedIn(), {
      name: "Nope",
      email: "nope@example.com",
      roles: ["author"],
      password: "password-123",
    });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(attempt).rejects.toThrow(/read-only/);
    expect(await prisma.user.count()).toBe(before);
  });

  it("makes sign-in say the database is read-only rather than that the password is wrong", async () => {
    const outcome = await signInWithPassword("author@example.com", "author-demo-pass", new Headers());
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.message).toMatch(/read-only/);
  });

  it("stops pending migrations with a message that names the fix, and start-up carries on", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "routine-studio-ro-"));
    const emptyDb = path.join(dir, "empty.db");
    execFileSync("touch", [emptyDb]);
    setReadOnly(emptyDb, true);
    readOnlyFiles.push(emptyDb);
    expect(() => applySqliteMigrations(emptyDb, path.join(process.cwd(), "prisma", "migrations"))).toThrow(
      MigrationError,
    );
    expect(() => applySqliteMigrations(emptyDb, path.join(process.cwd(), "prisma", "migrations"))).toThrow(
      /read-only.*write access/,
    );

    const log = { info: vi.fn(), error: vi.fn() };
    const previous = process.env.DATABASE_URL;
    process.env.DATABASE_URL = `file:${emptyDb}`;
    try {
      expect(await migrateOnStartup(log)).toBe(false);
    } finally {
      process.env.DATABASE_URL = previous;
    }
    expect(log.error).toHaveBeenCalledWith(expect.stringMatching(/could not be brought up to date: .*read-only/));
  });
});
