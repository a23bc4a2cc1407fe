import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NotFoundError, prisma, ValidationError } from "../core";
import {
  archiveRoutine,
  createRoutine,
  duplicateRoutine,
  restoreRoutine,
  saveRoutineAsCopy,
  saveRoutineDraft,
} from "../routines";
import { getRoutine, listRoutines } from "../library";
import { seedDatabase } from "../../demo/seed";
import { actAs, counts, makeHugeRoutine, makeRoutine, makeStep, uniqueName } from "../testing/routine-test-support";
import { signedIn } from "../../../test/request-context";

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

beforeEach(() => actAs("author"));

describe("createRoutine", () => {
  it("a blank routine has one end step named Done, is a draft at revision 0, owned by the author, and is audited", async () => {
    const name = uniqueName("Blank");
    const { id } = await createRoutine(signedIn(), { name, description: "For testing" });

    const detail = await getRoutine(signedIn(), id);
    expect(detail.routine).toMatchObject({ schemaVersion: 2, id, name, description: "For testing", edges: [] });
    expect(detail.routine.steps).toEqual([expect.objectContaining({ kind: "end", name: "Done" })]);
    expect(detail).toMatchObject({ revision: 0, status: "draft", versionNumber: 1, archived: false, canEdit: true });
    expect(detail.owner.email).toBe("author@example.com");
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { targetId: id } });
    expect(entry).toMatchObject({ action: "routine.created", targetType: "routine", actorEmail: "author@example.com" });
  });

  it("stores a given routine under the new routine's id, keeping its own name, or the typed one when it has none", async () => {
    const named = await createRoutine(signedIn(), {
      name: "Typed name",
      routine: makeRoutine({ id: "from-text", name: "Its own name" }),
      source: "text",
    });
    expect((await getRoutine(signedIn(), named.id)).routine).toMatchObject({
      id: named.id,
      name: "Its own name",
      steps: [{ id: "summarize" }, { id: "done" }],
    });

    const unnamed = await createRoutine(signedIn(), {
      name: "Typed name",
      routine: { ...makeRoutine(), name: "", description: "" },
      description: "Typed",
    });
    expect(unnamed.name).toBe("Typed name");
    expect(await prisma.routine.findUniqueOrThrow({ where: { id: unnamed.id } })).toMatchObject({
      name: "Typed name",
      description: "Typed",
    });
  });

  it("refuses a malformed routine with the path of the problem and creates nothing", async () => {
    const before = await counts();
    const broken = { ...makeRoutine(), steps: [{ id: "x", kind: "teleport", name: "Nope" }] };

    const error = await createRoutine(signedIn(), { name: "Broken", routine: broken }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toMatch(/steps\[0\]\.kind/);
    expect(await counts()).toEqual(before);
  });

  it("refuses a blank name", async () => {
    await expect(createRoutine(signedIn(), { name: "   " })).rejects.toMatchObject({
      fieldErrors: { name: [expect.stringMatching(/name/)] },
    });
  });

  it("refuses a routine above 5 MB and creates nothing", async () => {
    const before = await counts();
    await expect(createRoutine(signedIn(), { name: "Huge", routine: makeHugeRoutine(5) })).rejects.toThrow(
      /limit is 5\.0 MB/,
    );
    expect(await counts()).toEqual(before);
  });
});

describe("listRoutines", () => {
  it("lists the newest edit first, with status, owner, step count; everyone signed in may read", async () => {
    const first = await createRoutine(signedIn(), { name: uniqueName("Older"), routine: makeRoutine() });
    const second = await createRoutine(signedIn(), { name: uniqueName("Newer") });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveRoutineDraft(signedIn(), {
      routineId: first.id,
      baseRevision: 0,
      routine: makeRoutine({ name: "Older, edited" }),
    });

    await actAs("reviewer");
    const ids = (await listRoutines(signedIn())).map((routine) => routine.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    const listed = (await listRoutines(signedIn())).find((routine) => routine.id === first.id);
    expect(listed).toMatchObject({
      name: "Older, edited",
      status: "draft",
      stepCount: 2,
      archived: false,
      owner: { name: "Alan Author", email: "author@example.com" },
    });
  });

  it("searches names and descriptions ignoring case, in any script", async () => {
    const token = `zq${Date.now().toString(36)}`;
    const byName = await createRoutine(signedIn(), { name: `Überstunden ${token}` });
    const byDescription = await createRoutine(signedIn(), {
      name: uniqueName(),
      description: `Handles ${token.toUpperCase()} requests`,
    });
    await createRoutine(signedIn(), { name: uniqueName("Unrelated") });

    const found = (await listRoutines(signedIn(), { query: `  ${token.toUpperCase()} ` })).map((routine) => routine.id);
    expect(found.sort()).toEqual([byName.id, byDescription.id].sort());
    expect((await listRoutines(signedIn(), { query: `überSTUNDEN ${token}` })).map((routine) => routine.id)).toEqual([
      byName.id,
    ]);
    expect(await listRoutines(signedIn(), { query: `${token}-nothing` })).toEqual([]);
  });
});

describe("getRoutine", () => {
  it("reads a stored routine of an older schema version migrated forward", async () => {
    const { id } = await createRoutine(signedIn(), { name: uniqueName() });
    const v1 = {
      schemaVersion: 1,
      id,
      name: "Old",
      steps: [{ id: "t", kind: "tool", name: "Look up", tool: "hr/get_employee" }],
      edges: [],
    };
    await prisma.routineVersion.updateMany({ where: { routineId: id }, data: { content: JSON.stringify(v1) } });

    const { routine } = await getRoutine(signedIn(), id);

    expect(routine.schemaVersion).toBe(2);
    expect(routine.steps[0]).toMatchObject({ kind: "tool", tool: { server: "hr", name: "get_employee" } });
  });

  it("says so when the stored routine cannot be read", async () => {
    const { id } = await createRoutine(signedIn(), { name: uniqueName() });
    await prisma.routineVersion.updateMany({ where: { routineId: id }, data: { content: "{not json" } });
    await expect(getRoutine(signedIn(), id)).rejects.toThrow(/not valid JSON/);
  });

  it("lets a reviewer read but not edit; an unknown id is not found", async () => {
    const { id } = await createRoutine(signedIn(), { name: uniqueName() });
    await actAs("reviewer");
    await expect(getRoutine(signedIn(), id)).resolves.toMatchObject({ id, canEdit: false });
    await expect(getRoutine(signedIn(), "no-such-routine")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("duplicateRoutine and saveRoutineAsCopy", () => {
  it("copies the working draft into a new routine owned by the viewer, named Copy of …", async () => {
    const name = uniqueName("Original");
    const original = await createRoutine(signedIn(), { name, routine: makeRoutine({ name }) });
    await actAs("admin");

    const copy = await duplicateRoutine(signedIn(), { routineId: original.id });

    expect(copy.name).toBe(`Copy of ${name}`);
    const detail = await getRoutine(signedIn(), copy.id);
    expect(detail.owner.email).toBe("admin@example.com");
    expect(detail.routine).toEqual({
      ...(await getRoutine(signedIn(), original.id)).routine,
      id: copy.id,
      name: `Copy of ${name}`,
    });
    expect(detail.revision).toBe(0);
    const version = await prisma.routineVersion.findFirstOrThrow({ where: { routineId: copy.id } });
    expect(version.basedOnId).toBe((await getRoutine(signedIn(), original.id)).versionId);
    const entry = await prisma.auditLog.findFirstOrThrow({ where: { targetId: copy.id } });
    expect(entry.action).toBe("routine.duplicated");
  });

  it("keeps the editor's routine as a new routine under the given name", async () => {
    const mine = makeRoutine({ name: "Mine", steps: [makeStep({ id: "extra", name: "Extra" })], edges: [] });
    const { id } = await saveRoutineAsCopy(signedIn(), { routine: mine, name: "Mine (my copy)" });
    expect((await getRoutine(signedIn(), id)).routine).toEqual({ ...mine, id, name: "Mine (my copy)" });
  });

  it("refuses a malformed routine as a copy and creates nothing", async () => {
    const before = await counts();
    await expect(saveRoutineAsCopy(signedIn(), { routine: { name: "half" }, name: "Copy" })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(await counts()).toEqual(before);
  });
});

describe("archiveRoutine and restoreRoutine", () => {
  it("archiving hides a routine from the library until restored; each change is audited once", async () => {
    const { id } = await createRoutine(signedIn(), { name: uniqueName() });
    const listed = async (includeArchived = false) =>
      (await listRoutines(signedIn(), { includeArchived })).find((routine) => routine.id === id);

    await archiveRoutine(signedIn(), { routineId: id });
    await archiveRoutine(signedIn(), { routineId: id });

    expect(await listed()).toBeUndefined();
    expect(await listed(true)).toMatchObject({ archived: true });
    expect(await getRoutine(signedIn(), id)).toMatchObject({ archived: true, canEdit: false });

    await restoreRoutine(signedIn(), { routineId: id });
    expect(await listed()).toMatchObject({ archived: false });
    const actions = (await prisma.auditLog.findMany({ where: { targetId: id }, orderBy: { at: "asc" } })).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(["routine.created", "routine.archived", "routine.restored"]);
  });

  it("an unknown routine is not found", async () => {
    await expect(archiveRoutine(signedIn(), { routineId: "missing" })).rejects.toBeInstanceOf(NotFoundError);
  });
});
