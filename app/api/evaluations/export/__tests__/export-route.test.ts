import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/core";
import { seedDatabase } from "@/lib/demo/seed";
import { checkOpenAiChatLine } from "@/lib/eval";
import { as, demoUserId } from "@/lib/db/testing/review-test-support";
import { publishedRoutine } from "@/lib/run-service/testing/run-test-support";
import { createApiToken } from "@/lib/db/users";
import { signedIn } from "@/test/request-context";
import { GET } from "../route";

// The download as a client gets it: a personal API token or the session, the query checked, the file streamed.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

/** A personal API token of the demo user holding `who`'s role. */
async function tokenOf(who: "author" | "operator"): Promise<string> {
  await as(who);
  const { token } = await createApiToken(signedIn(), { name: `${who} export token` });
  await as("anonymous");
  return token;
}

const apiRequest = (path: string, init: { token?: string } = {}) =>
  new Request(`http://localhost:3999${path}`, {
    headers: init.token ? { authorization: `Bearer ${init.token}` } : {},
  });

let author: string;
let operator: string;
let routineId: string;

/** A succeeded run with one tool call and its output, as the engine records it. */
async function succeededRun(versionId: string): Promise<void> {
  const id = randomUUID();
  await prisma.run.create({
    data: {
      id,
      routineId,
      versionId,
      versionNumber: 1,
      routineName: "Summarize a ticket",
      status: "succeeded",
      inputs: JSON.stringify({ ticket: "The printer is on fire." }),
    },
  });
  const ref = { stepRunId: `${id}-s`, stepId: "summarize", iteration: 1 };
  const events = [
    {
      type: "step.tool_call",
      data: { ...ref, server: "hr", tool: "summarize", arguments: { text: "fire" }, byModel: true },
    },
    { type: "step.output", data: { ...ref, output: { summary: "Printer fire." } } },
    {
      type: "run.finished",
      data: {
        status: "succeeded",
        outputs: { answer: "Call the fire brigade." },
        durationMs: 1,
        inputTokens: 0,
        outputTokens: 0,
      },
    },
  ];
  await prisma.runEvent.createMany({
    data: events.map((event, index) => ({
      id: randomUUID(),
      runId: id,
      seq: index + 1,
      type: event.type,
      payload: JSON.stringify(event.data),
    })),
  });
}

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  [author, operator] = [await tokenOf("author"), await tokenOf("operator")];
  const published = await publishedRoutine({ ownerId: await demoUserId("author") });
  routineId = published.routineId;
  await succeededRun(published.versionId);
  await succeededRun(published.versionId);
});

describe("GET /api/evaluations/export", () => {
  it("streams the JSONL as an attachment; every line parses and passes OpenAI's format rules", async () => {
    const response = await GET(
      apiRequest(`/api/evaluations/export?format=openai&withRoutine=1&routineId=${routineId}`, { token: author }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/x-ndjson/);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="training-openai-with-routine-\d{4}-\d{2}-\d{2}\.jsonl"$/,
    );
    const lines = (await response.text()).split("\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const parsed = JSON.parse(line);
      expect(checkOpenAiChatLine(parsed)).toEqual([]);
      expect(parsed.messages[0].content).toContain("Summarize");
    }
  });

  it("writes an empty file when nothing matches", async () => {
    const response = await GET(apiRequest("/api/evaluations/export?from=2000-01-01&to=2000-01-02", { token: author }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });

  it("refuses a bad query with 400 and a clear message, operators with 403, strangers with 401", async () => {
    const bad = await GET(apiRequest("/api/evaluations/export?format=csv&from=yesterday", { token: author }));
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: string };
    expect(error).toContain('format must be "openai" or "llamafactory".');
    expect(error).toContain("From must be a date as YYYY-MM-DD.");
    expect((await GET(apiRequest("/api/evaluations/export", { token: operator }))).status).toBe(403);
    await as("anonymous");
    expect((await GET(apiRequest("/api/evaluations/export"))).status).toBe(401);
  });
});
