import { beforeAll, describe, expect, it } from "vitest";
import { NotFoundError, prisma } from "../core";
import { loadViewer } from "../users";
import { canViewRun, getRun, listRunEvents, listRuns, readRunVariable } from "../../runs/operations";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId, personWith } from "../testing/review-test-support";
import { publishedRoutine, queuedRun, setRunState } from "../../runs/store/testing/run-test-support";
import { applyRunChange, writeRuns } from "../../runs/store/testing/run-sql-access";
import { signedIn } from "../../../test/request-context";

let authorId: string;
let other: Awaited<ReturnType<typeof personWith>>;
let ownRoutine: string;
let othersRoutine: string;
let ownRun: string;
let othersRun: string;
let startedByAuthor: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  authorId = await demoUserId("author");
  other = await personWith(["author"]);
  ({ routineId: ownRoutine } = await publishedRoutine({ ownerId: authorId }));
  ({ routineId: othersRoutine } = await publishedRoutine({ ownerId: other.id }));
  ownRun = await queuedRun(ownRoutine);
  othersRun = await queuedRun(othersRoutine);
  // The demo author holds only the author role, but a run of another's routine they started stays theirs to see.
  startedByAuthor = await queuedRun(othersRoutine, { startedById: authorId });
  await prisma.run.update({ where: { id: othersRun }, data: { createdAt: new Date(Date.now() - 60_000) } });
  await writeRuns(() =>
    applyRunChange(
      ownRun,
      { run: { status: "running" }, variables: [{ key: "VAR_a_1", stepId: "summarize", value: "x".repeat(5000) }] },
      [
        { type: "run.started", data: {} },
        { type: "progress.updated", data: { done: [], current: "summarize" } },
        { type: "variable.set", data: { key: "VAR_a_1", stepId: "summarize", bytes: 5000, preview: "xxx" } },
      ],
      { owner: null },
    ),
  );
});

describe("run visibility", () => {
  it("shows an author the runs of routines they own and runs they started, and nothing else (404, not 403)", async () => {
    await as("author");
    await expect(getRun(signedIn(), ownRun)).resolves.toMatchObject({ id: ownRun, canControl: false });
    await expect(getRun(signedIn(), startedByAuthor)).resolves.toMatchObject({ id: startedByAuthor });
    const refused = await getRun(signedIn(), othersRun).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(NotFoundError);
    const unknown = await getRun(signedIn(), "no-such-run").catch((error: unknown) => error);
    // An unknown id and someone else's run look the same.
    expect((unknown as Error).message).toBe((refused as Error).message);
    await expect(listRunEvents(signedIn(), { runId: othersRun })).rejects.toBeInstanceOf(NotFoundError);
    const ids = (await listRuns(signedIn())).map((run) => run.id);
    expect(ids).toEqual(expect.arrayContaining([ownRun, startedByAuthor]));
    expect(ids).not.toContain(othersRun);
  });

  it("shows operators and admins every run, with control", async () => {
    for (const who of ["operator", "admin"] as const) {
      await as(who);
      await expect(getRun(signedIn(), othersRun)).resolves.toMatchObject({ canControl: true });
      expect((await listRuns(signedIn(), { limit: 200 })).map((run) => run.id)).toEqual(
        expect.arrayContaining([ownRun, othersRun, startedByAuthor]),
      );
    }
  });

  it("applies the same rule in canViewRun, for the event stream", async () => {
    const author = (await loadViewer(authorId))!;
    const reviewer = (await loadViewer(await demoUserId("reviewer")))!;
    const operator = (await loadViewer(await demoUserId("operator")))!;
    expect(await canViewRun(author, ownRun)).toBe(true);
    expect(await canViewRun(author, othersRun)).toBe(false);
    expect(await canViewRun(author, "no-such-run")).toBe(false);
    expect(await canViewRun(author, "")).toBe(false);
    expect(await canViewRun(reviewer, ownRun)).toBe(false);
    expect(await canViewRun(operator, othersRun)).toBe(true);
  });

  it("filters the runs list by routine, status and who started it, newest first", async () => {
    await as("operator");
    expect((await listRuns(signedIn(), { routineId: othersRoutine })).map((run) => run.id)).toEqual([
      startedByAuthor,
      othersRun,
    ]);
    expect((await listRuns(signedIn(), { status: "running" })).map((run) => run.id)).toEqual([ownRun]);
    expect((await listRuns(signedIn(), { startedBy: authorId })).map((run) => run.id)).toEqual([startedByAuthor]);
    expect(await listRuns(signedIn(), { limit: 1 })).toHaveLength(1);
  });

  it("replays events after a seq, in order, and reads a variable's whole value", async () => {
    await as("author");
    const events = await listRunEvents(signedIn(), { runId: ownRun, afterSeq: 1 });
    expect(events.map((event) => [event.seq, event.type])).toEqual([
      [2, "run.started"],
      [3, "progress.updated"],
      [4, "variable.set"],
    ]);
    expect(events[0]).toMatchObject({
      runId: ownRun,
      data: { resumed: false },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(
      (await listRunEvents(signedIn(), { runId: ownRun, afterSeq: 0, limit: 2 })).map((event) => event.seq),
    ).toEqual([1, 2]);
    expect(await readRunVariable(signedIn(), { runId: ownRun, key: "VAR_a_1" })).toEqual({
      key: "VAR_a_1",
      value: "x".repeat(5000),
      bytes: 5000,
    });
    await expect(readRunVariable(signedIn(), { runId: ownRun, key: "VAR_nope" })).rejects.toThrow(
      /no variable "VAR_nope"/,
    );
    const view = await getRun(signedIn(), ownRun);
    expect(view.variables).toEqual([{ key: "VAR_a_1", stepId: "summarize", bytes: 5000, createdAt: expect.any(Date) }]);
  });

  it("returns the header, the routine of the run's version and the step runs in the order they ran", async () => {
    await setRunState(othersRun, {
      run: {
        status: "failed",
        error: "Tool said no",
        startedAt: new Date("2026-01-01T00:00:00Z"),
        finishedAt: new Date("2026-01-01T00:00:05Z"),
        inputTokens: 7,
      },
      steps: [
        { id: "z-first", stepId: "summarize", iteration: 1, state: "succeeded", output: { summary: "s" } },
        { id: "a-second", stepId: "done", iteration: 1, state: "failed", error: "Tool said no" },
      ],
    });
    await as("admin");
    const view = await getRun(signedIn(), othersRun);
    expect(view).toMatchObject({
      status: "failed",
      error: "Tool said no",
      inputTokens: 7,
      routine: { steps: [{ id: "summarize" }, { id: "done" }] },
    });
    expect(view.finishedAt!.getTime() - view.startedAt!.getTime()).toBe(5000);
    expect(view.steps.map((step) => step.id)).toEqual(["z-first", "a-second"]);
  });
});
