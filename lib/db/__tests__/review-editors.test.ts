import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ForbiddenError } from "../../access";
import type { Routine, Step } from "../../routine";
import { seedDatabase } from "../../demo/seed";
import { signedIn } from "../../../test/request-context";
import { prisma } from "../core";
import { decideReview, getVersionReview, saveOptimizedVersion, startNewDraft, submitForReview } from "../reviews";
import { acceptToolChanges, createRoutine, duplicateRoutine, saveRoutineDraft } from "../routines";
import { makeRoutine } from "../testing/routine-factories";
import {
  as,
  contentHashOf,
  lifecycleState,
  optimizedRoutine,
  personWith,
  provenance,
} from "../testing/review-test-support";

// Four-eyes by editing (issue #15, item 3): whoever changed a version's content (a save, accepted tool changes, the
// planner's rewrite of a draft they edited, a new draft of a version they edited) may not decide on it.

const EDITED = "Another reviewer must decide: you edited this version (four-eyes rule).";

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
});

/** Everything a decision could write, editors included. */
const state = async () => ({
  ...(await lifecycleState()),
  editors: await prisma.versionEditor.findMany({ orderBy: [{ versionId: "asc" }, { userId: "asc" }] }),
});

/** The signed-in user tries to approve; it must be refused as four-eyes with `message` and write nothing. */
async function expectApproveRefused(versionId: string, message = EDITED) {
  const before = await state();
  const error = await decideReview(signedIn(), {
    versionId,
    contentHash: await contentHashOf(versionId),
    decision: "approve",
  }).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ForbiddenError);
  expect((error as Error).message).toBe(message);
  expect(await state()).toEqual(before);
  expect(await prisma.routineVersion.findUniqueOrThrow({ where: { id: versionId } })).toMatchObject({
    status: "in_review",
    approvedById: null,
  });
}

const editors = async (versionId: string) =>
  (await prisma.versionEditor.findMany({ where: { versionId }, select: { userId: true, via: true } })).sort((a, b) =>
    a.userId.localeCompare(b.userId),
  );
const byUser = (...rows: Array<{ userId: string; via: string }>) =>
  rows.sort((a, b) => a.userId.localeCompare(b.userId));
const userId = async (email: string) => (await prisma.user.findUniqueOrThrow({ where: { email } })).id;

describe("four-eyes: nobody decides on a version they edited", () => {
  it("a reviewer who requested changes and then saved the draft cannot approve it once the author resubmits", async () => {
    await as("author");
    const author = signedIn()!;
    const { id } = await createRoutine(signedIn(), { name: "Edited by the reviewer", routine: makeRoutine() });
    const { versionId } = await submitForReview(signedIn(), { routineId: id, baseRevision: 0 });

    const reviewer = await personWith(["author", "reviewer"]);
    await reviewer.signIn();
    await decideReview(signedIn(), {
      versionId,
      contentHash: await contentHashOf(versionId),
      decision: "request_changes",
      comment: "Say what the summary is for.",
    });
    const rewritten = makeRoutine({ description: "The reviewer's own wording, which nobody else has reviewed." });
    await saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: rewritten });

    await as("author");
    await submitForReview(signedIn(), { routineId: id, baseRevision: 1 });

    await reviewer.signIn();
    await expectApproveRefused(versionId);
    const review = await getVersionReview(signedIn(), { routineId: id, number: 1 });
    expect(review.permissions.canDecide).toEqual({ allowed: false, reason: "you edited this version" });
    expect(review.editors).toEqual([
      expect.objectContaining({ id: author.id, via: "create" }),
      expect.objectContaining({ id: reviewer.id, via: "save" }),
    ]);

    await as("reviewer");
    await expect(
      decideReview(signedIn(), { versionId, contentHash: await contentHashOf(versionId), decision: "approve" }),
    ).resolves.toMatchObject({
      status: "approved",
    });
  });

  it("a save that stores the same content does not count as an edit", async () => {
    await as("author");
    const routine = makeRoutine();
    const { id } = await createRoutine(signedIn(), { name: "Autosave", routine });
    const stored = await prisma.routineVersion.findFirstOrThrow({ where: { routineId: id } });
    const other = await personWith(["author", "reviewer"]);
    await other.signIn();
    await saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: JSON.parse(stored.content) });
    expect(await editors(stored.id)).toEqual([{ userId: await userId("author@example.com"), via: "create" }]);
  });

  it("accepting a changed tool's schema counts as an edit", async () => {
    const tool = await toolFixture();
    await as("author");
    const { id } = await createRoutine(signedIn(), { name: "Tool accepted", routine: routineCalling(tool.name) });
    await tool.changeSchema();

    const reviewer = await personWith(["author", "reviewer"]);
    await reviewer.signIn();
    await acceptToolChanges(signedIn(), { routineId: id });

    await as("author");
    const { versionId } = await submitForReview(signedIn(), { routineId: id, baseRevision: 0 });
    expect(await editors(versionId)).toEqual(
      byUser(
        { userId: await userId("author@example.com"), via: "create" },
        { userId: reviewer.id, via: "tool_change" },
      ),
    );
    await reviewer.signIn();
    await expectApproveRefused(versionId);
  });

  it("the planner's version of a draft someone edited keeps them from approving it", async () => {
    await as("author");
    const { id } = await createRoutine(signedIn(), { name: "Optimized after an edit", routine: makeRoutine() });
    const reviewer = await personWith(["author", "reviewer"]);
    await reviewer.signIn();
    await saveRoutineDraft(signedIn(), {
      routineId: id,
      baseRevision: 0,
      routine: makeRoutine({ description: "Slipped in before the planner ran." }),
    });

    await as("author");
    const base = await prisma.routineVersion.findFirstOrThrow({ where: { routineId: id } });
    const { versionId } = await saveOptimizedVersion(signedIn(), {
      routineId: id,
      basedOnVersionId: base.id,
      routine: optimizedRoutine(),
      provenance: provenance(),
    });
    expect(await editors(versionId)).toEqual(
      byUser({ userId: await userId("author@example.com"), via: "optimize" }, { userId: reviewer.id, via: "save" }),
    );
    await reviewer.signIn();
    await expectApproveRefused(versionId);
  });

  it("a new draft of a rejected version keeps its editors; one of an approved version does not", async () => {
    await as("author");
    const { id } = await createRoutine(signedIn(), { name: "Drafts from drafts", routine: makeRoutine() });
    const reviewer = await personWith(["author", "reviewer"]);
    await reviewer.signIn();
    await saveRoutineDraft(signedIn(), {
      routineId: id,
      baseRevision: 0,
      routine: makeRoutine({ description: "The reviewer's change." }),
    });
    await as("author");
    const { versionId: first } = await submitForReview(signedIn(), { routineId: id, baseRevision: 1 });
    await as("reviewer");
    await decideReview(signedIn(), {
      versionId: first,
      contentHash: await contentHashOf(first),
      decision: "reject",
      comment: "Not like this.",
    });

    // Unchanged from the rejected version: the diff shows nothing, yet its content is the editor's.
    await as("author");
    await startNewDraft(signedIn(), { routineId: id });
    const { versionId: second } = await submitForReview(signedIn(), { routineId: id, baseRevision: 0 });
    await reviewer.signIn();
    await expectApproveRefused(second);

    // Approved by someone independent: its editors may review what changes after it.
    await as("reviewer");
    await decideReview(signedIn(), {
      versionId: second,
      contentHash: await contentHashOf(second),
      decision: "approve",
    });
    await as("author");
    const { versionId: third } = await startNewDraft(signedIn(), { routineId: id });
    await saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: makeRoutine({ name: "Renamed" }) });
    await submitForReview(signedIn(), { routineId: id, baseRevision: 1 });
    expect(await editors(third)).toEqual([{ userId: await userId("author@example.com"), via: "create" }]);
    await reviewer.signIn();
    await expect(
      decideReview(signedIn(), { versionId: third, contentHash: await contentHashOf(third), decision: "approve" }),
    ).resolves.toMatchObject({
      status: "approved",
    });

    // Restoring an older version is recorded as such (an approved one: nobody is carried over).
    await as("author");
    const { versionId: restored } = await startNewDraft(signedIn(), { routineId: id, fromVersionId: second });
    expect(await editors(restored)).toEqual([{ userId: await userId("author@example.com"), via: "restore" }]);
  });

  it("a copy of a routine whose draft someone edited keeps them among the copy's editors", async () => {
    await as("author");
    const { id } = await createRoutine(signedIn(), { name: "Copied after an edit", routine: makeRoutine() });
    const reviewer = await personWith(["author", "reviewer"]);
    await reviewer.signIn();
    await saveRoutineDraft(signedIn(), { routineId: id, baseRevision: 0, routine: makeRoutine({ name: "Theirs" }) });

    await as("author");
    const copy = await duplicateRoutine(signedIn(), { routineId: id });
    const { versionId } = await submitForReview(signedIn(), { routineId: copy.id, baseRevision: 0 });
    expect(await editors(versionId)).toEqual(
      byUser({ userId: await userId("author@example.com"), via: "create" }, { userId: reviewer.id, via: "save" }),
    );
    await reviewer.signIn();
    await expectApproveRefused(versionId);
  });
});

/** A registered tool (server and current snapshot written directly) whose schema the test can change. */
async function toolFixture() {
  const serverId = randomUUID();
  const server = `editors-${serverId.slice(0, 8)}`;
  const name = "lookup";
  const snapshot = (hash: string, required: string[]) => ({
    id: randomUUID(),
    serverId,
    toolName: name,
    hash,
    definition: JSON.stringify({
      name,
      description: "Looks a record up.",
      inputSchema: { type: "object", properties: { id: { type: "string" }, year: { type: "integer" } }, required },
    }),
  });
  await prisma.toolServer.create({
    data: { id: serverId, name: server, transport: "http", url: "http://127.0.0.1:9" },
  });
  await prisma.toolSnapshot.create({ data: snapshot("sha256:first", []) });
  return {
    name: { server, name },
    async changeSchema() {
      await prisma.toolSnapshot.updateMany({ where: { serverId }, data: { current: false } });
      await prisma.toolSnapshot.create({ data: snapshot("sha256:second", ["id"]) });
    },
  };
}

function routineCalling(tool: { server: string; name: string }): Routine {
  const steps: Step[] = [
    {
      id: "look",
      kind: "tool",
      name: "Look it up",
      description: "",
      tool,
      inputs: { id: { from: "input", name: "ticket" } },
      outputs: [],
      requiresApproval: false,
    },
    { id: "done", kind: "end", name: "Done", description: "" },
  ];
  return makeRoutine({ steps, edges: [{ id: "e1", source: "look", target: "done" }] });
}
