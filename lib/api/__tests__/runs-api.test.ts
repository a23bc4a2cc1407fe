import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "../../db/core";
import { seedDatabase } from "../../demo/seed";
import { as, demoUserId } from "../../db/testing/review-test-support";
import { humanRoutine, publishedRoutine, queuedRun } from "../../runs/store/testing/run-test-support";
import { getRunStatus, postRun } from "../runs-api";
import { apiRequest, tokenOf } from "./api-test-support";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

let operator: string;
let author: string;
let reviewer: string;
let routineId: string;
let draftRoutineId: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  [operator, author, reviewer] = [await tokenOf("operator"), await tokenOf("author"), await tokenOf("reviewer")];
  const ownerId = await demoUserId("admin");
  ({ routineId } = await publishedRoutine({ ownerId }));
  ({ routineId: draftRoutineId } = await publishedRoutine({ ownerId, published: false }));
});

const body = async (response: Response) => (await response.json()) as Record<string, unknown>;

describe("POST /api/runs", () => {
  it("starts a run for the token's owner: 201 with the run's id, status and links; the run is marked as from the API", async () => {
    const response = await postRun(
      apiRequest("/api/runs", { token: operator, body: { routineId, inputs: { ticket: "The printer is on fire." } } }),
    );
    expect(response.status).toBe(201);
    const json = await body(response);
    const runId = json.runId as string;
    expect(json).toEqual({
      runId,
      status: "queued",
      mode: "workflow",
      links: { self: `/api/runs/${runId}`, events: `/api/runs/${runId}/events`, view: `/runs/${runId}` },
    });
    expect(response.headers.get("location")).toBe(`/api/runs/${runId}`);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({
      source: "api",
      startedById: await demoUserId("operator"),
      routineId,
      status: "queued",
    });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { action: "run.started", targetId: runId } });
    expect(audit.actorEmail).toBe("operator@example.com");
    expect(JSON.stringify(audit)).not.toContain(operator);
  });

  it("also accepts the session cookie of a signed-in operator", async () => {
    await as("operator");
    const response = await postRun(apiRequest("/api/runs", { body: { routineId, inputs: { ticket: "x" } } }));
    expect(response.status).toBe(201);
    await as("anonymous");
  });

  it("answers each refusal with the right status and a message, and starts nothing", async () => {
    const before = await prisma.run.count();
    const cases: Array<[string, Request, number, RegExp]> = [
      [
        "no credentials",
        apiRequest("/api/runs", { body: { routineId } }),
        401,
        /Sign in, or send a personal API token/,
      ],
      [
        "a bad token",
        apiRequest("/api/runs", { token: `rs_${"A".repeat(43)}`, body: { routineId } }),
        401,
        /not valid/,
      ],
      [
        "not a bearer header",
        apiRequest("/api/runs", { headers: { authorization: `Basic ${operator}` }, body: { routineId } }),
        401,
        /Bearer/,
      ],
      [
        "a non-operator",
        apiRequest("/api/runs", { token: author, body: { routineId, inputs: { ticket: "x" } } }),
        403,
        /operator or admin/,
      ],
      [
        "a reviewer",
        apiRequest("/api/runs", { token: reviewer, body: { routineId, inputs: { ticket: "x" } } }),
        403,
        /operator or admin/,
      ],
      [
        "an unknown routine",
        apiRequest("/api/runs", { token: operator, body: { routineId: "no-such-routine", inputs: { ticket: "x" } } }),
        404,
        /does not exist/,
      ],
      [
        "a routine never published",
        apiRequest("/api/runs", { token: operator, body: { routineId: draftRoutineId, inputs: { ticket: "x" } } }),
        409,
        /not published/,
      ],
      ["invalid JSON", apiRequest("/api/runs", { token: operator, rawBody: "{ routineId:" }), 400, /not valid JSON/],
      [
        "a form post",
        apiRequest("/api/runs", {
          token: operator,
          rawBody: `routineId=${routineId}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
        400,
        /Content-Type: application\/json/,
      ],
      [
        "an unknown field",
        apiRequest("/api/runs", { token: operator, body: { routineId, inputs: {}, source: "ui" } }),
        400,
        /needs attention/,
      ],
    ];
    for (const [name, request, status, message] of cases) {
      const response = await postRun(request);
      expect(response.status, name).toBe(status);
      expect((await body(response)).error, name).toMatch(message);
    }
    expect(await prisma.run.count()).toBe(before);
  });

  it("starts a run in the mode asked for, refuses a mode it does not know and agent mode where it cannot run", async () => {
    const agent = await postRun(
      apiRequest("/api/runs", { token: operator, body: { routineId, inputs: { ticket: "x" }, mode: "agent" } }),
    );
    expect(agent.status).toBe(201);
    const started = await body(agent);
    expect(started).toMatchObject({ mode: "agent" });
    const runId = started.runId as string;
    expect(await body(await getRunStatus(apiRequest(`/api/runs/${runId}`, { token: operator }), runId))).toMatchObject({
      mode: "agent",
      model: null,
    });
    await prisma.run.update({ where: { id: runId }, data: { status: "cancelled" } });

    const before = await prisma.run.count();
    const unknown = await postRun(
      apiRequest("/api/runs", { token: operator, body: { routineId, inputs: { ticket: "x" }, mode: "swarm" } }),
    );
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await body(unknown))).toMatch(/workflow.*agent/);
    const human = await publishedRoutine({ ownerId: await demoUserId("admin"), routine: humanRoutine() });
    const refused = await postRun(
      apiRequest("/api/runs", {
        token: operator,
        body: { routineId: human.routineId, inputs: { ticket: "x" }, mode: "agent" },
      }),
    );
    expect(refused.status).toBe(409);
    expect((await body(refused)).error).toMatch(/person/);
    expect(await prisma.run.count()).toBe(before);
  });

  it("names the inputs that fail the routine's declaration", async () => {
    const missing = await postRun(apiRequest("/api/runs", { token: operator, body: { routineId, inputs: {} } }));
    expect(missing.status).toBe(400);
    expect(await body(missing)).toMatchObject({ fieldErrors: { ticket: [expect.stringMatching(/required/)] } });
    const wrong = await postRun(
      apiRequest("/api/runs", { token: operator, body: { routineId, inputs: { ticket: 42, extra: "x" } } }),
    );
    expect(wrong.status).toBe(400);
    expect(Object.keys((await body(wrong)).fieldErrors as object).sort()).toEqual(["extra", "ticket"]);
  });
});

describe("GET /api/runs/[id]", () => {
  it("shows the run to who may see it and answers 404 to everyone else, as for an unknown run", async () => {
    const runId = await queuedRun(routineId, { startedById: await demoUserId("operator") });
    const response = await getRunStatus(apiRequest(`/api/runs/${runId}`, { token: operator }), runId);
    expect(response.status).toBe(200);
    expect(await body(response)).toMatchObject({
      runId,
      status: "queued",
      routine: { id: routineId, versionNumber: 1 },
      inputs: { ticket: "The printer is on fire." },
      steps: [],
      lastSeq: 1,
    });
    for (const token of [author, reviewer]) {
      const refused = await getRunStatus(apiRequest(`/api/runs/${runId}`, { token }), runId);
      expect(refused.status).toBe(404);
      expect((await body(refused)).error).toBe("That run does not exist, or you do not have access to it.");
    }
    expect((await getRunStatus(apiRequest("/api/runs/nope", { token: operator }), "nope")).status).toBe(404);
    expect((await getRunStatus(apiRequest(`/api/runs/${runId}`), runId)).status).toBe(401);
  });
});
