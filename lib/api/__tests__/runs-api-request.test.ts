import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "../../db/core";
import { seedDatabase } from "../../demo/seed";
import { demoUserId } from "../../db/testing/review-test-support";
import { makeRoutine } from "../../db/testing/routine-factories";
import { publishedRoutine } from "../../runs/store/testing/run-test-support";
import { postRun } from "../runs-api";
import { apiRequest, tokenOf } from "./api-test-support";

vi.mock("next/headers", async () => (await import("../../../test/request-context")).nextHeadersMock);

// POST /api/runs with a request in words and no routineId: procedure memory picks the routine, through the real
// handler, retrieval and SQLite. The routines below use words no demo routine uses, so the picks are theirs.

let operator: string;
let author: string;
let reviewer: string;
const ids: Record<"spectrometer" | "reagents" | "ferryNorth" | "ferrySouth", string> = {
  spectrometer: "",
  reagents: "",
  ferryNorth: "",
  ferrySouth: "",
};

const MATCHING = "The spectrometer in the chemistry lab needs recalibrating";

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  [operator, author, reviewer] = [await tokenOf("operator"), await tokenOf("author"), await tokenOf("reviewer")];
  const ownerId = await demoUserId("admin");
  const publish = async (name: string, description: string, intents: string[]) =>
    (await publishedRoutine({ ownerId, routine: makeRoutine({ name, description, intents }) })).routineId;
  ids.spectrometer = await publish(
    "Recalibrate the lab spectrometer",
    "Takes the chemistry lab spectrometer offline, recalibrates it against the reference sample and logs the result.",
    ["the spectrometer readings drift", "recalibrate the spectrometer"],
  );
  ids.reagents = await publish(
    "Order chemistry lab reagents",
    "Orders reagents for the chemistry lab from the approved supplier.",
    ["we are out of reagents in the chemistry lab"],
  );
  // Two routines a request cannot tell apart: the same description and intents.
  const ferry = ["Books a harbour ferry crossing for a visitor.", ["book a harbour ferry crossing"]] as const;
  ids.ferryNorth = await publish("Harbour ferry crossing booking (north)", ferry[0], [...ferry[1]]);
  ids.ferrySouth = await publish("Harbour ferry crossing booking (south)", ferry[0], [...ferry[1]]);
});

const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
const post = (token: string, body: unknown) => postRun(apiRequest("/api/runs", { token, body }));

describe("POST /api/runs with a request and no routineId", () => {
  it("starts the routine that fits, as a routineId request would, and says which one and why", async () => {
    const response = await post(operator, { request: MATCHING, inputs: { ticket: "Readings drift by 3 nm." } });
    expect(response.status).toBe(201);
    const body = await json(response);
    const runId = body.runId as string;
    expect(body).toMatchObject({
      runId,
      status: "queued",
      mode: "workflow",
      links: { self: `/api/runs/${runId}`, events: `/api/runs/${runId}/events`, view: `/runs/${runId}` },
      retrieval: {
        decision: "match",
        routineId: ids.spectrometer,
        name: "Recalibrate the lab spectrometer",
        matched: expect.arrayContaining(["spectrometer", "recalibrating"]),
        runnerUp: { routineId: ids.reagents, name: "Order chemistry lab reagents" },
      },
    });
    const retrieval = body.retrieval as { score: number; runnerUp: { score: number } };
    expect(retrieval.score).toBeGreaterThan(retrieval.runnerUp.score);
    expect(response.headers.get("location")).toBe(`/api/runs/${runId}`);
    const run = await prisma.run.findUniqueOrThrow({ where: { id: runId } });
    expect(run).toMatchObject({
      routineId: ids.spectrometer,
      source: "api",
      request: MATCHING,
      startedById: await demoUserId("operator"),
    });
    expect(JSON.parse(run.inputs)).toEqual({ ticket: "Readings drift by 3 nm." });
  });

  it("runs the picked routine through the same input checks, and names the routine in the refusal", async () => {
    const before = await prisma.run.count();
    const response = await post(operator, { request: MATCHING, inputs: { ticket: 42 } });
    expect(response.status).toBe(400);
    const body = await json(response);
    expect(body).toMatchObject({
      fieldErrors: { ticket: [expect.any(String)] },
      retrieval: { decision: "match", routineId: ids.spectrometer },
    });

    // Inputs left out are read from the request by the executor model, as for a routineId request: none is set up here.
    const unread = await post(operator, { request: MATCHING });
    expect(unread.status).toBe(409);
    expect(await json(unread)).toMatchObject({
      error: expect.stringMatching(/could not be read from the request/),
      retrieval: { routineId: ids.spectrometer },
    });
    expect(await prisma.run.count()).toBe(before);
  });

  it("answers 409 with both close candidates when two routines fit equally, and starts nothing", async () => {
    const before = await prisma.run.count();
    const response = await post(operator, { request: "Book a harbour ferry crossing", inputs: { ticket: "x" } });
    expect(response.status).toBe(409);
    const body = await json(response);
    expect(body.error).toMatch(/more than one routine fits.*routineId/i);
    const retrieval = body.retrieval as { decision: string; candidates: Array<{ routineId: string; score: number }> };
    expect(retrieval.decision).toBe("ambiguous");
    expect(retrieval.candidates.map((candidate) => candidate.routineId).sort()).toEqual(
      [ids.ferryNorth, ids.ferrySouth].sort(),
    );
    expect(await prisma.run.count()).toBe(before);
  });

  it("answers 422 when no published routine fits, with the near-misses ranked, and starts nothing", async () => {
    const before = await prisma.run.count();
    const response = await post(operator, { request: "Tune the bagpipes for the highland parade", inputs: {} });
    expect(response.status).toBe(422);
    const body = await json(response);
    expect(body.error).toMatch(/No published routine fits this request/);
    const retrieval = body.retrieval as { decision: string; candidates: Array<{ score: number }> };
    expect(retrieval.decision).toBe("none");
    const scores = retrieval.candidates.map((candidate) => candidate.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    // A near-miss: one word in common with a routine is not enough to start it.
    const near = await json(await post(operator, { request: "bagpipes for the chemistry parade highland tuning" }));
    expect(near).toMatchObject({ retrieval: { decision: "none" } });
    expect((near.retrieval as { candidates: unknown[] }).candidates.length).toBeGreaterThan(0);
    expect(await prisma.run.count()).toBe(before);
  });

  it("refuses an empty, blank, oversized or non-text request with a clear sentence, and starts nothing", async () => {
    const before = await prisma.run.count();
    const cases: Array<[string, unknown, RegExp]> = [
      ["no request and no routineId", { inputs: {} }, /routineId of a published routine, or a request/],
      ["an empty request", { request: "" }, /request is empty/],
      ["a blank request", { request: "   \n " }, /request is empty/],
      ["a 100 KB request", { request: `spectrometer ${"a".repeat(100 * 1024)}` }, /too long/],
      ["a request that is not text", { request: 42 }, /needs attention/],
    ];
    for (const [name, requestBody, message] of cases) {
      const response = await post(operator, requestBody);
      expect(response.status, name).toBe(400);
      expect((await json(response)).error, name).toMatch(message);
    }
    expect(await prisma.run.count()).toBe(before);
  });

  it("refuses an author or reviewer before retrieval, so they learn nothing of the routines", async () => {
    const before = await prisma.run.count();
    for (const token of [author, reviewer]) {
      const response = await post(token, { request: MATCHING, inputs: { ticket: "x" } });
      expect(response.status).toBe(403);
      const text = await response.text();
      expect(text).toMatch(/operator or admin/);
      expect(text).not.toMatch(/spectrometer|retrieval/i);
    }
    expect((await postRun(apiRequest("/api/runs", { body: { request: MATCHING } }))).status).toBe(401);
    expect(await prisma.run.count()).toBe(before);
  });
});
