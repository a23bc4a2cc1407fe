import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "../client";
import { resolveSqlitePath } from "../../location";
import { prismaTransactionOpen } from "../prisma-transactions";

// Another connection to the same file, as a standalone run worker or the browser tests' set-up service opens.
const other = new Database(resolveSqlitePath(), { timeout: 100 });
other.exec(`CREATE TABLE IF NOT EXISTS "scratch" ("n" INTEGER)`);
afterAll(() => other.close());

/** Tries a write (one that really changes the file) on the other connection; answers "wrote" or the SQLite error code. */
function otherWrites(): string {
  try {
    other.prepare(`INSERT INTO "scratch" ("n") VALUES (1)`).run();
    return "wrote";
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe("Prisma transactions on SQLite", () => {
  it("hold the write lock from the start: another connection's write waits, and the transaction's own write after a read succeeds", async () => {
    let outcome = "";
    await prisma.$transaction(async (tx) => {
      expect(prismaTransactionOpen()).toBe(true);
      await tx.user.count();
      // Without the lock, this commit lands between the read and the write below, and the write fails at once
      // with SQLITE_BUSY_SNAPSHOT ("Operation has timed out").
      outcome = otherWrites();
      await tx.user.updateMany({ where: { id: "nobody" }, data: { name: "Nobody" } });
    });
    expect(outcome).toBe("SQLITE_BUSY");
    expect(prismaTransactionOpen()).toBe(false);
    expect(otherWrites()).toBe("wrote");
  });

  it("let the lock go when they roll back", async () => {
    await expect(
      prisma.$transaction(async (tx) => {
        await tx.user.count();
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(prismaTransactionOpen()).toBe(false);
    expect(otherWrites()).toBe("wrote");
  });
});
