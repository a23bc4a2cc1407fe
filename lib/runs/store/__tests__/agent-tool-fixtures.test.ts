import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { RunEventInput } from "../../../events";
import type { ToolGateway } from "../../../tool-gateway";
import { ConflictError, NotFoundError, prisma } from "../../../db/core";
import { seedDatabase } from "../../../demo/seed";
import { demoUserId } from "../../../db/testing/review-test-support";
import { makeRoutine } from "../../../db/testing/routine-factories";
import { agentModeProblem } from "../run-agent-mode";
import { BUDGET_DEFAULTS } from "../run-budgets";
import { findPublishedRoutine, findRoutineVersion, insertQueuedRun } from "../run-creation";
import { writeRuns } from "../run-database";
import { loadRunSnapshot } from "../run-store";
import { createRegistryToolPort } from "../run-tool-port";
import { applyRunChange } from "../run-writes";
import { humanRoutine, publishedRoutine } from "../testing/run-test-support";

const signal = new AbortController().signal;
const lookup = { server: "people", name: "lookup" };
let ownerId: string;

/** A gateway that answers every call live with `{ live: n }` and counts the calls. */
function liveGateway() {
  let calls = 0;
  const gateway = {
    callTool: vi.fn(async () => {
      calls += 1;
      const value = { live: calls };
      return {
        content: [],
        structuredContent: value,
        text: JSON.stringify(value),
        isError: false,
        durationMs: 1,
        bytes: 10,
      };
    }),
  } as unknown as ToolGateway;
  return { gateway, calls: () => calls };
}

/** A queued run of a fresh routine, pinning `fixtures`, with the engine's step.tool_call events for `stepRunIds`. */
async function runWithCalls(fixtures: Array<{ tool: string; output: unknown }>, stepRunIds: string[]) {
  const { routineId } = await publishedRoutine({ ownerId });
  const published = await findPublishedRoutine(routineId);
  const runId = randomUUID();
  await writeRuns(() =>
    insertQueuedRun({
      id: runId,
      published,
      inputs: {},
      request: null,
      source: "eval",
      startedById: null,
      budgets: BUDGET_DEFAULTS,
      execution: { mode: "agent", routine: "full", distractorVersionIds: [] },
      toolFixtures: fixtures as never,
    }),
  );
  await recordCalls(runId, stepRunIds);
  return runId;
}
/** The step.tool_call events the engine writes before it calls a tool, one per step run. */
async function recordCalls(runId: string, stepRunIds: string[], tool = lookup) {
  const events: RunEventInput[] = stepRunIds.map((stepRunId) => ({
    type: "step.tool_call",
    data: {
      stepRunId,
      stepId: `call:${tool.name}`,
      iteration: 1,
      server: tool.server,
      tool: tool.name,
      arguments: {},
      byModel: true,
    },
  }));
  await writeRuns(() => applyRunChange(runId, {}, events, { owner: null }));
}

const callAs = (port: ReturnType<typeof createRegistryToolPort>, runId: string, stepRunId: string) =>
  port.call(lookup, {}, { idempotencyKey: `${runId}:${stepRunId}`, timeoutMs: 1_000, signal, runId });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ownerId = await demoUserId("author");
  const serverId = randomUUID();
  await prisma.toolServer.create({
    data: { id: serverId, name: "people", transport: "http", url: "http://127.0.0.1:9/mcp" },
  });
  await prisma.toolSnapshot.create({
    data: {
      id: randomUUID(),
      serverId,
      toolName: "lookup",
      hash: "h1",
      // Read-only: an evaluation run calls it live once its pins are used up (a tool that writes is simulated).
      definition: JSON.stringify({
        description: "Looks a person up",
        inputSchema: { type: "object" },
        annotations: { readOnlyHint: true },
      }),
    },
  });
});

describe("pinned tool outputs", () => {
  it("serves the k-th call of a tool the k-th pinned output, the same again on a retry, then calls live", async () => {
    const { gateway, calls } = liveGateway();
    const port = createRegistryToolPort({ gateway });
    const runId = await runWithCalls(
      [
        { tool: "lookup", output: { name: "First" } },
        { tool: "other", output: "not this tool's" },
        { tool: "people/lookup", output: { name: "Second" } },
      ],
      ["a", "b"],
    );
    expect(await callAs(port, runId, "a")).toEqual({
      ok: true,
      value: { name: "First" },
      text: '{"name":"First"}',
      origin: "pinned",
    });
    expect(await callAs(port, runId, "b")).toMatchObject({ ok: true, value: { name: "Second" } });
    // A retry of the first call (same step run) gets the same output again, not the next one.
    expect(await callAs(port, runId, "a")).toMatchObject({ value: { name: "First" } });
    expect(calls()).toBe(0);
    await recordCalls(runId, ["c"]);
    expect(await callAs(port, runId, "c")).toMatchObject({ ok: true, value: { live: 1 }, origin: "live" });
    expect(calls()).toBe(1);
  });

  it("counts from the stored calls, so a new port (a restarted worker) goes on where the run stopped", async () => {
    const runId = await runWithCalls(
      [
        { tool: "lookup", output: 1 },
        { tool: "lookup", output: 2 },
      ],
      ["a", "b"],
    );
    const { gateway, calls } = liveGateway();
    expect(await callAs(createRegistryToolPort({ gateway }), runId, "b")).toMatchObject({ value: 2 });
    expect(calls()).toBe(0);
  });

  it("calls live for a run that pins nothing, and reads the run's plan and fixtures from the store", async () => {
    const { gateway, calls } = liveGateway();
    const runId = await runWithCalls([], ["a"]);
    expect(await callAs(createRegistryToolPort({ gateway }), runId, "a")).toMatchObject({ value: { live: 1 } });
    expect(calls()).toBe(1);
    expect(await loadRunSnapshot(runId)).toMatchObject({
      execution: { mode: "agent", routine: "full", distractorVersionIds: [] },
      distractors: [],
    });
  });

  it("lists every current tool of enabled servers as the catalog", async () => {
    const catalog = await createRegistryToolPort().catalog!();
    expect(catalog).toContainEqual({
      server: "people",
      name: "lookup",
      description: "Looks a person up",
      inputSchema: { type: "object" },
    });
  });
});

describe("agent mode's run service", () => {
  it("says why a routine cannot run as an agent: human steps, sub-routines, approvals", () => {
    expect(agentModeProblem(makeRoutine())).toBeNull();
    expect(agentModeProblem(humanRoutine())).toMatch(/person.*"Approve the summary"/);
    const child = makeRoutine({
      steps: [
        { id: "sub", kind: "routine", name: "Onboard", description: "", routineId: "r2", inputs: {}, outputs: [] },
        { id: "done", kind: "end", name: "Done", description: "" },
      ],
      edges: [{ id: "e", source: "sub", target: "done" }],
    });
    expect(agentModeProblem(child)).toMatch(/sub-routine.*"Onboard"/);
    const approval = makeRoutine({
      steps: [
        {
          id: "pay",
          kind: "tool",
          name: "Pay out",
          description: "",
          tool: lookup,
          inputs: {},
          outputs: [],
          requiresApproval: true,
        },
        { id: "done", kind: "end", name: "Done", description: "" },
      ],
      edges: [{ id: "e", source: "pay", target: "done" }],
    });
    expect(agentModeProblem(approval)).toMatch(/approval.*"Pay out"/);
  });

  it("finds any version of a routine, also one not published, and loads distractor routines by version", async () => {
    const draft = await publishedRoutine({ ownerId, published: false, routine: makeRoutine({ name: "Draft one" }) });
    const found = await findRoutineVersion(draft.routineId, draft.versionId);
    expect(found).toMatchObject({ routineId: draft.routineId, versionId: draft.versionId, versionNumber: 1 });
    expect(found.routine.name).toBe("Draft one");
    const other = await publishedRoutine({ ownerId });
    await expect(findRoutineVersion(other.routineId, draft.versionId)).rejects.toBeInstanceOf(NotFoundError);
    await prisma.routine.update({ where: { id: draft.routineId }, data: { archivedAt: new Date() } });
    await expect(findRoutineVersion(draft.routineId, draft.versionId)).rejects.toBeInstanceOf(ConflictError);

    const runId = randomUUID();
    const published = await findRoutineVersion(other.routineId, other.versionId);
    await writeRuns(() =>
      insertQueuedRun({
        id: runId,
        published,
        inputs: {},
        request: null,
        source: "eval",
        startedById: null,
        budgets: BUDGET_DEFAULTS,
        execution: { mode: "agent", routine: "ablated", distractorVersionIds: [draft.versionId, "gone"] },
      }),
    );
    const snapshot = (await loadRunSnapshot(runId))!;
    expect(snapshot.execution).toMatchObject({ mode: "agent", routine: "ablated" });
    expect(snapshot.distractors.map((routine) => routine.name)).toEqual(["Draft one"]);
  });
});
