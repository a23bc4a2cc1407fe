import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "../../db/core";
import { seedDatabase } from "../../demo/seed";
import { demoUserId } from "../../db/testing/review-test-support";
import { getRunStatus, postRun } from "../runs-api";
import { apiRequest, tokenOf } from "./api-test-support";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

// POST /api/runs with mode "planned": a run with no routine, which the dynamic planner works out. Through the real
// handler and SQLite; the run stays queued here (no worker runs in this test).

let operator: string;
let author: string;

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  [operator, author] = [await tokenOf("operator"), await tokenOf("author")];
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
const post = (token: string, body: unknown) => postRun(apiRequest("/api/runs", { token, body }));
const REQUEST = "Find out which of Anna's payslips show overtime this year and tell her manager";

describe("POST /api/runs with mode planned", () => {
  it("queues a planned run with no routine, the request, and the operator as its starter", async () => {
    const response = await post(operator, { request: `  ${REQUEST}  `, mode: "planned" });
    expect(response.status).toBe(201);
    const body = await json(response);
    const runId = body.runId as string;
    expect(body).toMatchObject({ runId, status: "queued", mode: "planned", links: { view: `/runs/${runId}` } });
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({
      routineId: null,
      versionId: null,
      routineName: "Planned request",
      request: REQUEST,
      source: "api",
      startedById: await demoUserId("operator"),
    });
    expect(JSON.parse(run.execution)).toMatchObject({ mode: "planned" });
    const audit = await prisma.auditLog.findFirstOrThrow({ where: { targetId: runId, action: "run.started" } });
    expect(JSON.parse(audit.detail ?? "{}")).toMatchObject({ planned: true, source: "api" });

    const status = await getRunStatus(apiRequest(`/api/runs/${runId}`, { token: operator }), runId);
    expect(status.status).toBe(200);
    expect(await json(status)).toMatchObject({ runId, routine: null, mode: "planned", request: REQUEST, plan: null });
  });

  it("refuses an empty request, a routineId beside it, and a caller who may not run", async () => {
    const before = await prisma.run.count();
    const empty = await post(operator, { request: "   ", mode: "planned" });
    expect(empty.status).toBe(400);
    expect((await json(empty)).fieldErrors).toEqual({ request: [expect.stringMatching(/request is empty/i)] });

    const mixed = await post(operator, { request: REQUEST, mode: "planned", routineId: "leave-request" });
    expect(mixed.status).toBe(400);
    expect((await json(mixed)).error).toMatch(/follows no routine/);

    const tooLong = await post(operator, { request: "x".repeat(8001), mode: "planned" });
    expect(tooLong.status).toBe(400);

    const forbidden = await post(author, { request: REQUEST, mode: "planned" });
    expect(forbidden.status).toBe(403);
    expect(await prisma.run.count()).toBe(before);
  });

  it("offers planning when no routine fits a request", async () => {
    const response = await post(operator, { request: "Book a table tennis court for the Friday tournament" });
    expect(response.status).toBe(422);
    expect((await json(response)).error).toMatch(/mode "planned"/);
  });
});
