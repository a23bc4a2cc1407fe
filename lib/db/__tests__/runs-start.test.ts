import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../../scripts/fake-openai/index";
import { type RunEvent, runEventBus } from "../../events";
import { ConflictError, NotFoundError, prisma, ValidationError } from "../core";
import { onRunWork } from "../../runs/store";
import { getRun, startRun } from "../../runs/operations";
import { seedDatabase } from "../../demo/seed";
import { makeRoutine } from "../testing/routine-factories";
import { as, demoUserId } from "../testing/review-test-support";
import { publishedRoutine, runTables } from "../../runs/store/testing/run-test-support";
import { signedIn } from "../../../test/request-context";

let ownerId: string;
let fake: FakeOpenAI;

const leaveRoutine = () =>
  makeRoutine({
    name: "Book leave",
    inputs: [
      { name: "employee_id", description: "Who takes leave, e.g. E1024", type: "string", required: true },
      { name: "days", description: "How many working days", type: "integer", required: true },
      { name: "paid", description: "Paid leave?", type: "boolean", required: false },
      { name: "dates", description: "The days", type: "array", required: false },
    ],
  });

/** Registers a tool server with one current tool snapshot of `hash`, straight in the database. */
async function toolServerWith(name: string, tools: Record<string, string>) {
  const serverId = randomUUID();
  await prisma.toolServer.create({ data: { id: serverId, name, transport: "http", url: "http://127.0.0.1:9/mcp" } });
  for (const [toolName, hash] of Object.entries(tools)) {
    await prisma.toolSnapshot.create({
      data: {
        id: randomUUID(),
        serverId,
        toolName,
        hash,
        definition: JSON.stringify({ description: "", inputSchema: { type: "object" } }),
      },
    });
  }
}

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  ownerId = await demoUserId("author");
  fake = await startFakeOpenAI({ port: 0, apiKey: "test-key", scenario: { rules: [] } });
});
afterAll(() => fake.close());
afterEach(() => {
  vi.unstubAllEnvs();
  fake.reset();
});

describe("startRun", () => {
  it("queues a run of the published version with checked inputs, its first event and an audit entry, and wakes the worker", async () => {
    const { routineId, versionId } = await publishedRoutine({ ownerId, routine: leaveRoutine() });
    await as("operator");
    const woken = vi.fn();
    const stopListening = onRunWork(woken);
    const heard: RunEvent[] = [];
    const stopHearing = runEventBus.subscribeAll((events) => heard.push(...events));
    const { runId } = await startRun(signedIn(), {
      routineId,
      inputs: { employee_id: "E1024", days: "3", paid: "true", dates: '["2025-08-04"]' },
    });
    stopListening();
    stopHearing();

    const run = await getRun(signedIn(), runId);
    expect(run).toMatchObject({
      status: "queued",
      routineId,
      versionId,
      versionNumber: 1,
      routineName: "Book leave",
      source: "ui",
      lastSeq: 1,
      eventCount: 1,
      canControl: true,
    });
    expect(run.inputs).toEqual({ employee_id: "E1024", days: 3, paid: true, dates: ["2025-08-04"] });
    expect(run.startedBy?.email).toBe("operator@example.com");
    expect(run.budgets).toEqual({ maxSteps: 200, maxTokens: 400_000, wallTimeMs: 1_800_000, stepTimeoutMs: 300_000 });
    expect(heard.map((event) => [event.runId, event.seq, event.type])).toEqual([[runId, 1, "run.queued"]]);
    expect(woken).toHaveBeenCalled();
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "run.started", targetId: runId } });
    expect(JSON.parse(audit.detail!)).toMatchObject({
      routineId,
      version: 1,
      source: "ui",
      inputs: ["employee_id", "days", "paid", "dates"],
    });
    // The audit entry names the inputs, never their values.
    expect(audit.detail).not.toContain("E1024");
  });

  it("takes its budgets from the environment", async () => {
    const { routineId } = await publishedRoutine({ ownerId });
    vi.stubEnv("RUN_MAX_STEPS", "40");
    vi.stubEnv("RUN_STEP_TIMEOUT_MS", "5000");
    await as("admin");
    const { runId } = await startRun(signedIn(), { routineId, inputs: { ticket: "t" }, source: "api" });
    expect((await getRun(signedIn(), runId)).budgets).toMatchObject({
      maxSteps: 40,
      stepTimeoutMs: 5000,
      maxTokens: 400_000,
    });
    expect((await getRun(signedIn(), runId)).source).toBe("api");
  });

  it("refuses inputs that do not fit the routine, field by field, and writes nothing", async () => {
    const { routineId } = await publishedRoutine({ ownerId, routine: leaveRoutine() });
    await as("operator");
    const before = await runTables();
    const error = await startRun(signedIn(), {
      routineId,
      inputs: { days: "three", paid: "maybe", dates: "{}", salary: 1 },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({
      employee_id: ["employee_id is required."],
      days: ["days must be a whole number."],
      paid: ["paid must be true or false."],
      dates: ["dates must be a list (JSON array)."],
      salary: ['"salary" is not an input of this routine.'],
    });
    expect(await runTables()).toEqual(before);
  });

  it("refuses a routine with no published version, an archived one, and an unknown one", async () => {
    const { routineId: draft } = await publishedRoutine({ ownerId, published: false });
    const { routineId: archived } = await publishedRoutine({ ownerId });
    await prisma.routine.update({ where: { id: archived }, data: { archivedAt: new Date() } });
    await as("operator");
    const before = await runTables();
    await expect(startRun(signedIn(), { routineId: draft, inputs: { ticket: "t" } })).rejects.toThrow(ConflictError);
    await expect(startRun(signedIn(), { routineId: draft, inputs: { ticket: "t" } })).rejects.toThrow(
      /not published yet/,
    );
    await expect(startRun(signedIn(), { routineId: archived, inputs: { ticket: "t" } })).rejects.toThrow(/archived/);
    await expect(startRun(signedIn(), { routineId: "no-such-routine", inputs: {} })).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(await runTables()).toEqual(before);
  });

  it("refuses to run a version whose tools changed or vanished since it was approved, naming them", async () => {
    await toolServerWith("crm", { find_customer: "hash-now", update_customer: "hash-a" });
    const { routineId } = await publishedRoutine({
      ownerId,
      toolHashes: {
        "crm/find_customer": "hash-approved",
        "crm/update_customer": "hash-a",
        "crm/delete_customer": "hash-b",
      },
    });
    const { routineId: unchanged } = await publishedRoutine({
      ownerId,
      toolHashes: { "crm/update_customer": "hash-a" },
    });
    await as("operator");
    const before = await runTables();
    const error = await startRun(signedIn(), { routineId, inputs: { ticket: "t" } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toMatch(
      /crm\/delete_customer \(no longer available\), crm\/find_customer \(schema changed\)/,
    );
    expect((error as Error).message).not.toContain("update_customer");
    expect(await runTables()).toEqual(before);
    await expect(startRun(signedIn(), { routineId: unchanged, inputs: { ticket: "t" } })).resolves.toMatchObject({
      runId: expect.any(String),
    });
  });

  describe("from a free-text request", () => {
    const useFakeModel = () => {
      vi.stubEnv("OPENAI_BASE_URL", fake.url);
      vi.stubEnv("OPENAI_API_KEY", "test-key");
      vi.stubEnv("OPENAI_EXECUTOR_MODEL", "fake-executor");
    };

    it("has the executor model read the inputs not given, with structured output; given inputs win", async () => {
      useFakeModel();
      vi.stubEnv("RUN_TODAY", "2025-06-16");
      vi.stubEnv("RUN_TIME_ZONE", "Europe/Berlin");
      fake.addRules([
        {
          match: { responseFormat: "json_schema", lastMessageIncludes: "three days off" },
          reply: {
            json: { employee_id: "E1024", days: 3, paid: null, dates: null },
            usage: { prompt_tokens: 120, completion_tokens: 20 },
          },
        },
      ]);
      const { routineId } = await publishedRoutine({ ownerId, routine: leaveRoutine() });
      await as("operator");
      const { runId } = await startRun(signedIn(), {
        routineId,
        request: "Please book three days off for Ada (E1024).",
        inputs: { employee_id: "E2000" },
      });
      const run = await getRun(signedIn(), runId);
      expect(run.inputs).toEqual({ employee_id: "E2000", days: 3 });
      expect(run.request).toBe("Please book three days off for Ada (E1024).");
      expect([run.inputTokens, run.outputTokens]).toEqual([120, 20]);

      const [sent] = fake.requests();
      const body = sent!.body as {
        messages: Array<{ role: string; content: string }>;
        model: string;
        response_format: {
          type: string;
          json_schema: { schema: { properties: Record<string, unknown>; required: string[] } };
        };
      };
      expect(body.model).toBe("fake-executor");
      // Today's date, so "next Monday" in a request becomes a date.
      expect(body.messages[0].content).toContain(
        "Today is Monday, 16 June 2025 (2025-06-16), time zone Europe/Berlin.",
      );
      expect(body.response_format.type).toBe("json_schema");
      // Only the inputs not given are asked for.
      expect(body.response_format.json_schema.schema.required).toEqual(["days", "paid", "dates"]);
      const call = await prisma.llmCall.findFirstOrThrow({ where: { runId } });
      expect(call).toMatchObject({
        role: "executor",
        purpose: "run.extract_inputs",
        status: "ok",
        userId: await demoUserId("operator"),
      });
    });

    it("asks for the inputs the request did not give, field by field", async () => {
      useFakeModel();
      fake.addRules([
        {
          match: { lastMessageIncludes: "some leave" },
          reply: { json: { employee_id: null, days: 2, paid: null, dates: null } },
        },
      ]);
      const { routineId } = await publishedRoutine({ ownerId, routine: leaveRoutine() });
      await as("operator");
      const error = await startRun(signedIn(), { routineId, request: "I want some leave, 2 days" }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toMatch(/could not be read from the request/);
      expect((error as ValidationError).fieldErrors).toEqual({ employee_id: ["employee_id is required."] });
    });

    it("says what an admin must set when no executor model is configured, and writes nothing", async () => {
      vi.stubEnv("OPENAI_BASE_URL", "");
      vi.stubEnv("OPENAI_EXECUTOR_MODEL", "");
      const { routineId } = await publishedRoutine({ ownerId, routine: leaveRoutine() });
      await as("operator");
      const before = await runTables();
      const error = await startRun(signedIn(), { routineId, request: "three days for E1024" }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as ConflictError).field).toBe("request");
      expect((error as Error).message).toMatch(/Settings → Models/);
      expect(await runTables()).toEqual(before);
    });

    it("keeps the API key out of the error, the events, the audit log and the usage records", async () => {
      const secret = "sk-live-0123456789abcdefSECRET";
      vi.stubEnv("OPENAI_BASE_URL", fake.url);
      vi.stubEnv("OPENAI_API_KEY", secret);
      vi.stubEnv("OPENAI_EXECUTOR_MODEL", "fake-executor");
      const { routineId } = await publishedRoutine({ ownerId, routine: leaveRoutine() });
      await as("operator");
      // The fake server wants another key: the call is refused with 401.
      const error = await startRun(signedIn(), { routineId, request: "three days for E1024" }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect((error as Error).message).not.toContain(secret);
      const stored = JSON.stringify([
        await prisma.runEvent.findMany(),
        await prisma.auditLog.findMany(),
        await prisma.llmCall.findMany(),
      ]);
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain("SECRET");
    });

    it("does not call the model when every input is given", async () => {
      useFakeModel();
      const { routineId } = await publishedRoutine({ ownerId, routine: leaveRoutine() });
      await as("operator");
      await startRun(signedIn(), {
        routineId,
        request: "anything",
        inputs: { employee_id: "E1024", days: 2, paid: false, dates: [] },
      });
      expect(fake.requests()).toHaveLength(0);
    });
  });
});
