import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ConflictError, NotFoundError, prisma, StaleSaveError, ValidationError } from "../core";
import { archiveRoutine, createRoutine, saveRoutineDraft } from "../routines";
import { getRoutine } from "../library";
import { seedDatabase } from "../../demo/seed";
import { actAs, makeHugeRoutine, makeRoutine, makeStep, snapshot, uniqueName } from "../testing/routine-test-support";
import { signedIn } from "../../../test/request-context";

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

beforeEach(() => actAs("author"));

describe("saveRoutineDraft", () => {
  it("stores the routine, increments the revision, and keeps the routine's name and description in step", async () => {
    const { id } = await createRoutine(signedIn(), { name: uniqueName() });
    const before = await prisma.routine.findUniqueOrThrow({ where: { id } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const auditBefore = await prisma.auditLog.count();

    const edited = makeRoutine({ id: "ignored", name: "Renamed", description: "New words" });
    await expect(saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: edited })).resolves.toEqual({
      revision: 1,
    });
    await expect(saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 1, routine: edited })).resolves.toEqual({
      revision: 2,
    });

    const detail = await getRoutine(signedIn(), id);
    expect(detail.revision).toBe(2);
    expect(detail.routine).toEqual({ ...edited, id });
    const row = await prisma.routine.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ name: "Renamed", description: "New words" });
    expect(row.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(await prisma.auditLog.count()).toBe(auditBefore);
  });

  it("allows structural issues in a draft, such as a step nothing leads to", async () => {
    const { id } = await createRoutine(signedIn(), { name: uniqueName() });
    const orphaned = makeRoutine({ steps: [...makeRoutine().steps, makeStep({ id: "orphan", name: "Orphan" })] });
    await expect(saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: orphaned })).resolves.toEqual({
      revision: 1,
    });
  });

  it("refuses a stale save with the current revision and writes nothing", async () => {
    const { id } = await createRoutine(signedIn(), { name: uniqueName() });
    await saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: makeRoutine({ name: "Theirs" }) });
    const stored = await snapshot(id);

    const error = await saveRoutineDraft(signedIn(), {
      routineId: id,
      baseRevision: 0,
      routine: makeRoutine({ name: "Mine" }),
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(StaleSaveError);
    expect(error).toMatchObject({ currentRevision: 1 });
    expect(await snapshot(id)).toEqual(stored);
  });

  it("two saves based on the same revision at once: one lands, the other is stale", async () => {
    const { id } = await createRoutine(signedIn(), { name: uniqueName() });
    const results = await Promise.allSettled([
      saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: makeRoutine({ name: "One" }) }),
      saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: makeRoutine({ name: "Two" }) }),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((results.find((result) => result.status === "rejected") as PromiseRejectedResult).reason).toBeInstanceOf(
      StaleSaveError,
    );
    expect((await getRoutine(signedIn(), id)).revision).toBe(1);
  });

  it.each([
    ["a step of an unknown kind", { ...makeRoutine(), steps: [{ id: "x", kind: "teleport", name: "X" }] }],
    ["no schemaVersion", { ...makeRoutine(), schemaVersion: undefined }],
    ["not an object", "Step 1. Do it."],
  ])("refuses %s and writes nothing", async (_case, routine) => {
    const { id } = await createRoutine(signedIn(), { name: uniqueName() });
    const stored = await snapshot(id);
    await expect(saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(await snapshot(id)).toEqual(stored);
  });

  it("refuses a routine above 5 MB and writes nothing", async () => {
    const { id } = await createRoutine(signedIn(), { name: uniqueName() });
    const stored = await snapshot(id);
    await expect(
      saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: makeHugeRoutine(5) }),
    ).rejects.toThrow(/5\.0 MB/);
    expect(await snapshot(id)).toEqual(stored);
  });

  it("refuses to save an archived routine or a version that left draft", async () => {
    const archived = await createRoutine(signedIn(), { name: uniqueName() });
    await archiveRoutine(signedIn(), { routineId: archived.id });
    await expect(
      saveRoutineDraft(signedIn(), { routineId: archived.id, baseRevision: 0, routine: makeRoutine() }),
    ).rejects.toThrow(/archived/);

    const submitted = await createRoutine(signedIn(), { name: uniqueName() });
    await prisma.routineVersion.updateMany({ where: { routineId: submitted.id }, data: { status: "in_review" } });
    await expect(
      saveRoutineDraft(signedIn(), { routineId: submitted.id, baseRevision: 0, routine: makeRoutine() }),
    ).rejects.toBeInstanceOf(ConflictError);
    expect((await getRoutine(signedIn(), submitted.id)).canEdit).toBe(false);
  });

  it("an unknown routine is not found", async () => {
    await expect(
      saveRoutineDraft(signedIn(), { routineId: "missing", baseRevision: 0, routine: makeRoutine() }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
