import { beforeAll, describe, expect, it, vi } from "vitest";
import { signedIn } from "../../../test/request-context";
import { ForbiddenError, UnauthenticatedError } from "../../access";
import { prisma, ValidationError } from "../core";
import { retrieveRoutines } from "../memory";
import { archiveRoutine } from "../routines";
import { seedDatabase } from "../../demo/seed";
import { as } from "../testing/review-test-support";
import { EXPENSES, LAPTOP, publishNew, publishNext, rollBack, SICK_LEAVE, taskRoutine } from "./memory-support";

// Retrieval through the real DAL over SQLite, with routines published and rolled back through the real review flow.

let sick: { routineId: string; versionId: string };

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  sick = await publishNew(taskRoutine(SICK_LEAVE));
  await publishNew(taskRoutine(LAPTOP));
});

const retrieveAs = async (who: "operator" | "author" | "admin", request: string) => {
  await as(who);
  return retrieveRoutines(signedIn(), request);
};

describe("retrieveRoutines", () => {
  it("ranks the published routine that serves a request first, with its score and the terms that matched", async () => {
    const retrieval = await retrieveAs("operator", "I'm sick today and need to report sick leave");
    expect(retrieval).toMatchObject({ decision: "match", mode: "bm25" });
    expect(retrieval.notice).toBeUndefined();
    expect(retrieval.candidates[0]).toMatchObject({ routineId: sick.routineId, versionId: sick.versionId });
    expect(retrieval.candidates[0].score).toBeGreaterThanOrEqual(retrieval.thresholds.minScore);
    expect(retrieval.candidates[0].matched).toEqual(expect.arrayContaining(["sick"]));

    const unrelated = await retrieveAs("author", "What is the capital of Portugal?");
    expect(unrelated.decision).toBe("none");
  });

  it("follows a publish, a rollback and an archive at once", async () => {
    const { routineId, versionId: v1 } = await publishNew(
      taskRoutine({
        ...LAPTOP,
        name: "Order a monitor",
        intents: ["I need a second monitor"],
        step: "Order a monitor",
      }),
    );
    const monitor = "order a second monitor for my desk";
    const expense = "submit my hotel receipt as an expense report for reimbursement";
    expect((await retrieveAs("operator", monitor)).candidates[0]).toMatchObject({ routineId, versionId: v1 });
    expect((await retrieveAs("operator", expense)).candidates.map((c) => c.routineId)).not.toContain(routineId);

    // Version 2 turns the routine into the expense report: the very next retrieval knows.
    const v2 = await publishNext(routineId, taskRoutine(EXPENSES));
    const afterPublish = await retrieveAs("operator", expense);
    expect(afterPublish).toMatchObject({ decision: "match" });
    expect(afterPublish.candidates[0]).toMatchObject({ routineId, versionId: v2, name: EXPENSES.name });
    expect((await retrieveAs("operator", monitor)).candidates.map((c) => c.versionId)).not.toContain(v1);

    // Rolling back to version 1 brings the monitor routine back and the expense report goes.
    await expect(rollBack(v1)).resolves.toMatchObject({ rollback: true });
    expect((await retrieveAs("operator", monitor)).candidates[0]).toMatchObject({ routineId, versionId: v1 });
    expect((await retrieveAs("operator", expense)).candidates.map((c) => c.routineId)).not.toContain(routineId);

    // An archived routine can no longer be run, so it is no longer found.
    await as("author");
    await archiveRoutine(signedIn(), { routineId });
    expect((await retrieveAs("operator", monitor)).candidates.map((c) => c.routineId)).not.toContain(routineId);
  });

  it("sees a publication written by another process (straight to the database), not only its own", async () => {
    const before = await retrieveAs("operator", "report sick leave");
    expect(before.candidates[0]).toMatchObject({ routineId: sick.routineId });
    // Another process unpublishes the routine: no call of this process's DAL tells the index.
    await prisma.routine.update({ where: { id: sick.routineId }, data: { publishedVersionId: null } });
    try {
      const after = await retrieveAs("operator", "report sick leave");
      expect(after.candidates.map((c) => c.routineId)).not.toContain(sick.routineId);
    } finally {
      await prisma.routine.update({ where: { id: sick.routineId }, data: { publishedVersionId: sick.versionId } });
    }
  });

  it("leaves out a published version whose stored content cannot be read, and still answers", async () => {
    const broken = await publishNew(taskRoutine({ ...EXPENSES, name: "Broken expenses" }));
    await prisma.routineVersion.update({ where: { id: broken.versionId }, data: { content: "{not json" } });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const retrieval = await retrieveAs("operator", "submit my expense report");
      expect(retrieval.candidates.map((c) => c.routineId)).not.toContain(broken.routineId);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining(broken.versionId), expect.any(String));
    } finally {
      logged.mockRestore();
    }
  });

  it("refuses callers without a retrieving role: signed out, and reviewers", async () => {
    const spy = vi.spyOn(prisma.routine, "findMany");
    await as("anonymous");
    await expect(retrieveRoutines(signedIn(), "report sick leave")).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(retrieveRoutines(null, "report sick leave")).rejects.toBeInstanceOf(UnauthenticatedError);
    await as("reviewer");
    await expect(retrieveRoutines(signedIn(), "report sick leave")).rejects.toBeInstanceOf(ForbiddenError);
    // Refused before reading anything.
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    await expect(retrieveAs("admin", "report sick leave")).resolves.toMatchObject({ decision: "match" });
  });

  it("refuses an empty, a blank, a 100 KB and a non-text request with a clear sentence, before reading anything", async () => {
    await as("operator");
    const spy = vi.spyOn(prisma.routine, "findMany");
    const refusal = async (request: unknown) => {
      const error = await retrieveRoutines(signedIn(), request as string).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(ValidationError);
      return error as ValidationError;
    };
    expect((await refusal("")).message).toMatch(/empty/);
    expect((await refusal("   \n ")).fieldErrors.request[0]).toMatch(/empty/);
    expect((await refusal("leave ".repeat(17_000))).message).toMatch(/too long/);
    expect((await refusal(42)).message).toMatch(/Describe what you need/);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it("refuses a threshold preview from anyone but an admin, and an out-of-range one", async () => {
    await as("operator");
    await expect(
      retrieveRoutines(signedIn(), "report sick leave", { thresholds: { minScore: 0, ambiguityMargin: 0 } }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    await as("admin");
    await expect(
      retrieveRoutines(signedIn(), "report sick leave", { thresholds: { minScore: 7, ambiguityMargin: 0 } }),
    ).rejects.toBeInstanceOf(ValidationError);
    const preview = await retrieveRoutines(signedIn(), "report sick leave", {
      thresholds: { minScore: 1, ambiguityMargin: 0 },
    });
    expect(preview).toMatchObject({ decision: "none", thresholds: { minScore: 1, ambiguityMargin: 0 } });
  });
});
