import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../../scripts/fake-openai/index";
import { toErrorState } from "../../actions";
import { ConflictError, prisma } from "../../db/core";
import { llmClientFor, updateLlmSettings } from "../../db/llm";
import { saveOptimizedVersion, submitForReview } from "../../db/reviews";
import { createRoutine } from "../../db/routines";
import { getRoutine, listRoutines } from "../../db/library";
import { seedDatabase } from "../../demo/seed";
import { as } from "../../db/testing/review-test-support";
import { LLM_ROLES } from "../../llm";
import { endStep, makeRoutine, skillStep } from "../../routine/testing/factories";
import type { OptimizeEvent, OptimizeRequest } from "../contract/contract";
import { type OptimizationDeps, startOptimization } from "../run-optimization";
import { TOOLS, validAnswer } from "./support";
import { signedIn } from "../../../test/request-context";

// The planner end to end below the route: the real lib/llm client over HTTP against the fake OpenAI server, the
// model settings and call records in the database, and the review DAL saving into a real SQLite database.

const KEY = "sk-planner-integration-4711";
let fake: FakeOpenAI;

const deps: OptimizationDeps = {
  loadWorking: async (routineId) => {
    const detail = await getRoutine(signedIn(), routineId);
    return {
      routine: detail.routine,
      versionId: detail.versionId,
      versionNumber: detail.versionNumber,
      revision: detail.revision,
      status: detail.status,
      archived: detail.archived,
    };
  },
  listTools: async () => TOOLS,
  // Backoff takes no time in tests; timeouts and retries are the saved settings' own.
  plannerModel: (context) => llmClientFor("planner", context, { sleep: async () => undefined }),
  save: (input) => saveOptimizedVersion(signedIn(), input),
  describeError: (error) => ({ message: toErrorState(error).message, conflict: error instanceof ConflictError }),
};

let routines = 0;
/** A routine of the demo author's whose name no other test's fake rules match. */
async function authorRoutine(
  options: { toolFree?: boolean } = {},
): Promise<{ id: string; name: string; versionId: string }> {
  await as("author");
  const name = `Leave request ${++routines}-${Math.random().toString(36).slice(2, 8)}`;
  // The test database registers no tool server, so a routine that must pass submission calls no tool.
  const steps = options.toolFree
    ? [skillStep({ id: "summarize", name: "Summarize" }), endStep({ id: "done" })]
    : undefined;
  const { id } = await createRoutine(signedIn(), { name, routine: makeRoutine({ name, steps }) });
  return { id, name, versionId: (await getRoutine(signedIn(), id)).versionId };
}

async function optimize(routine: { id: string; versionId: string }, request: Partial<OptimizeRequest> = {}) {
  const start = await startOptimization(
    {
      routineId: routine.id,
      userId: "author",
      request: { source: "canvas", basedOnVersionId: routine.versionId, ...request },
    },
    deps,
  );
  if (!start.ok) return { start, events: [] as OptimizeEvent[] };
  const events: OptimizeEvent[] = [];
  await start.run((event) => events.push(event), new AbortController().signal);
  return { start, events };
}

const versionsOf = (routineId: string) =>
  prisma.routineVersion.findMany({ where: { routineId }, orderBy: { number: "asc" } });

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  fake = await startFakeOpenAI({ port: 0, apiKey: KEY });
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});
beforeEach(() => fake.reset());

describe("without a planner model", () => {
  it("is refused at once with what an admin must set, and nothing is saved", async () => {
    for (const name of [
      "OPENAI_BASE_URL",
      "OPENAI_API_KEY",
      ...LLM_ROLES.map((role) => `OPENAI_${role.toUpperCase()}_MODEL`),
    ])
      vi.stubEnv(name, "");
    const routine = await authorRoutine();
    const { start } = await optimize(routine);
    expect(start).toMatchObject({
      ok: false,
      status: 503,
      body: { code: "not_configured", error: expect.stringMatching(/Settings → Models.*OPENAI_PLANNER_MODEL/) },
    });
    expect(await versionsOf(routine.id)).toHaveLength(1);
    expect(fake.requests()).toHaveLength(0);
  });
});

describe("with the planner model on an OpenAI-compatible server", () => {
  beforeAll(async () => {
    await as("admin");
    const roles = Object.fromEntries(
      LLM_ROLES.map((role) => [
        role,
        { model: role === "planner" ? "fake-model" : "", timeoutMs: 1_000, maxRetries: 1 },
      ]),
    );
    await updateLlmSettings(signedIn(), {
      baseUrl: fake.url,
      apiKey: KEY,
      roles: roles as Parameters<typeof updateLlmSettings>[1]["roles"],
    });
  });

  it("a 429 then success: saves an in-review version with provenance and token usage", async () => {
    const routine = await authorRoutine();
    fake.setScenario({
      rules: [
        {
          match: { anyMessageIncludes: routine.name },
          times: 1,
          fault: { kind: "http", status: 429, retryAfterSeconds: 0 },
        },
        {
          match: { anyMessageIncludes: routine.name, responseFormat: "json_schema" },
          reply: {
            json: validAnswer({ name: `${routine.name} (optimized)` }),
            usage: { prompt_tokens: 1_500, completion_tokens: 600 },
          },
        },
      ],
    });
    const { events } = await optimize(routine);
    expect(events.map((event) => event.phase)).toEqual(["planning", "planning", "validating", "saving", "done"]);
    expect(events.at(-1)).toMatchObject({
      phase: "done",
      versionNumber: 2,
      reviewUrl: `/routines/${routine.id}/review/2`,
      usage: { inputTokens: 1_500, outputTokens: 600 },
    });

    const [v1, v2] = await versionsOf(routine.id);
    expect(v1.status).toBe("draft");
    expect(v2).toMatchObject({
      number: 2,
      status: "in_review",
      basedOnId: v1.id,
      model: "fake-model",
      inputTokens: 1_500,
      outputTokens: 600,
      repairCount: 0,
    });
    expect(v2.promptHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(v2.sourceDraft).toContain(`Routine: ${routine.name}`);
    expect(JSON.parse(v2.rationale!)).toEqual({
      summary: expect.stringMatching(/Split/),
      steps: { check_balance: expect.any(String) },
    });
    const stored = JSON.parse(v2.content);
    expect(stored.steps.every((step: { position?: unknown }) => step.position !== undefined)).toBe(true);
    expect((await listRoutines(signedIn())).find((row) => row.id === routine.id)).toMatchObject({
      status: "in_review",
      versionNumber: 2,
      name: `${routine.name} (optimized)`,
    });

    const calls = await prisma.llmCall.findMany({ where: { routineId: routine.id } });
    expect(calls).toEqual([
      expect.objectContaining({
        role: "planner",
        purpose: "planner.optimize",
        status: "ok",
        attempts: 2,
        inputTokens: 1_500,
        outputTokens: 600,
      }),
    ]);
    const sent = fake.requests().filter((request) => request.path === "/v1/chat/completions");
    expect(sent).toHaveLength(2);
    expect(sent[1].body).toMatchObject({
      model: "fake-model",
      max_tokens: 8_000,
      response_format: { type: "json_schema", json_schema: { name: "planned_routine", strict: false } },
    });
  });

  it("a malformed response: a clear failure and nothing saved", async () => {
    const routine = await authorRoutine();
    fake.setScenario({ rules: [{ match: { anyMessageIncludes: routine.name }, fault: { kind: "malformed-json" } }] });
    const { events } = await optimize(routine);
    expect(events.at(-1)).toMatchObject({
      phase: "failed",
      code: "model_error",
      message: expect.stringMatching(/not a valid OpenAI-compatible response.*Nothing was saved\.$/),
    });
    expect(await versionsOf(routine.id)).toHaveLength(1);
    expect((await getRoutine(signedIn(), routine.id)).status).toBe("draft");
  });

  it("a first answer naming a tool that does not exist is repaired by the second and saved with repairCount 1", async () => {
    const routine = await authorRoutine();
    fake.setScenario({
      rules: [
        {
          match: { anyMessageIncludes: routine.name },
          times: 1,
          reply: {
            json: validAnswer({ toolName: "get_holiday_balance" }),
            usage: { prompt_tokens: 1_000, completion_tokens: 500 },
          },
        },
        {
          match: { anyMessageIncludes: routine.name, lastMessageIncludes: "get_holiday_balance" },
          reply: { json: validAnswer(), usage: { prompt_tokens: 1_700, completion_tokens: 450 } },
        },
      ],
    });
    const { events } = await optimize(routine);
    expect(events.map((event) => event.phase)).toEqual([
      "planning",
      "planning",
      "validating",
      "repairing",
      "validating",
      "saving",
      "done",
    ]);
    const [, v2] = await versionsOf(routine.id);
    expect(v2).toMatchObject({ status: "in_review", repairCount: 1, inputTokens: 2_700, outputTokens: 950 });
    const repair = fake.requests().filter((request) => request.path === "/v1/chat/completions")[1];
    const { messages } = repair.body as { messages: Array<{ role: string; content: string }> };
    expect(messages.map((message) => message.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(messages[3].content).toContain(
      'uses the tool get_holiday_balance on server "hr", which the tool catalog does not have',
    );
    const purposes = (await prisma.llmCall.findMany({ where: { routineId: routine.id }, orderBy: { at: "asc" } })).map(
      (call) => call.purpose,
    );
    expect(purposes).toEqual(["planner.optimize", "planner.repair"]);
  });

  it("a model that hangs: a timeout message after the retries, nothing saved", async () => {
    const routine = await authorRoutine();
    fake.setScenario({ rules: [{ match: { anyMessageIncludes: routine.name }, fault: { kind: "hang" } }] });
    const { events } = await optimize(routine);
    expect(events.at(-1)).toMatchObject({
      phase: "failed",
      code: "model_error",
      message: expect.stringMatching(
        /did not answer within 1 s \(2 attempts\)\. Raise the timeout in Settings → Models.*Nothing was saved\.$/,
      ),
    });
    expect(await versionsOf(routine.id)).toHaveLength(1);
  });

  it("the routine submitted for review while the model works: the save is refused whole", async () => {
    const routine = await authorRoutine({ toolFree: true });
    fake.setScenario({
      rules: [{ match: { anyMessageIncludes: routine.name }, delayMs: 400, reply: { json: validAnswer() } }],
    });
    const running = optimize(routine);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await submitForReview(signedIn(), { routineId: routine.id, baseRevision: 0 });
    const { events } = await running;
    expect(events.at(-1)).toMatchObject({
      phase: "failed",
      code: "conflict",
      message: expect.stringMatching(/in review; withdraw it/),
    });
    expect((await versionsOf(routine.id)).map((version) => [version.number, version.status])).toEqual([
      [1, "in_review"],
    ]);
  });

  it("a reviewer may not optimize: the DAL refuses the save", async () => {
    const routine = await authorRoutine();
    fake.setScenario({ rules: [{ match: { anyMessageIncludes: routine.name }, reply: { json: validAnswer() } }] });
    await as("reviewer");
    const { events } = await optimize(routine);
    expect(events.at(-1)).toMatchObject({
      phase: "failed",
      code: "unexpected",
      message: expect.stringMatching(/not allowed/),
    });
    expect(await versionsOf(routine.id)).toHaveLength(1);
  });
});
