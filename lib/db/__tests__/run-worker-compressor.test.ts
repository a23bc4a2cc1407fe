import { payloadData } from "../../events/testing/stored-payload";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../../../scripts/fake-openai/index";
import { signedIn } from "../../../test/request-context";
import { prisma } from "../core";
import { startRun } from "../../runs/operations";
import { as, demoUserId } from "../testing/review-test-support";
import { makeRoutine, makeStep } from "../testing/routine-factories";
import { seedDatabase } from "../../demo/seed";
import { buildRunWorker, type RunWorker } from "../../runs/store";
import { waitForStatus } from "../../runs/store/testing/demo-hr-runs";
import { publishedRoutine } from "../../runs/store/testing/run-test-support";

// The worker's compressor: the compressor role's model when an admin configured one, read for every run, so a
// compressed run without one stays plan-aware with a reason that says so, and the next run after one is set uses it.

let fake: FakeOpenAI;
let worker: RunWorker;
let routineId: string;

/** draft (a long answer) → polish: the polish step's prompt carries the long draft, above the compressor's budget. */
const twoSkills = () => {
  const draft = makeStep({ id: "draft", name: "Draft", instruction: "Write a LONG-DRAFT of the ticket." });
  const polish = makeStep({
    id: "polish",
    name: "Polish",
    instruction: "Polish the draft.",
    inputs: { text: { from: "step", stepId: "draft", path: "summary" } },
    outputs: [{ name: "final", description: "" }],
  });
  return makeRoutine({
    steps: [draft, polish, { id: "done", kind: "end", name: "Done", description: "" }],
    edges: [
      { id: "e1", source: "draft", target: "polish" },
      { id: "e2", source: "polish", target: "done" },
    ],
  });
};

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  fake = await startFakeOpenAI({
    port: 0,
    apiKey: "test-key",
    scenario: {
      rules: [
        { match: { model: "fake-compressor" }, reply: { content: "Draft: condensed." } },
        {
          match: { lastMessageIncludes: "LONG-DRAFT" },
          reply: { content: `The ticket says ${"the printer jams on every page and smells of smoke, ".repeat(20)}` },
        },
        { reply: { content: "Polished." } },
      ],
    },
  });
  vi.stubEnv("OPENAI_BASE_URL", fake.url);
  vi.stubEnv("OPENAI_API_KEY", "test-key");
  vi.stubEnv("OPENAI_EXECUTOR_MODEL", "fake-executor");
  vi.stubEnv("OPENAI_COMPRESSOR_MODEL", "");
  ({ routineId } = await publishedRoutine({ ownerId: await demoUserId("author"), routine: twoSkills() }));
  worker = buildRunWorker({ enabled: true, concurrency: 2, leaseMs: 10_000, pollMs: 100 });
  worker.start();
});
afterAll(async () => {
  await worker.stop();
  await fake.close();
  vi.unstubAllEnvs();
});

/** A compressed run to its end, and the reasons its context.compressed events give (null: accepted). */
async function compressedRun(): Promise<Array<string | null>> {
  await as("operator");
  const { runId } = await startRun(signedIn(), {
    routineId,
    inputs: { ticket: "The printer is on fire." },
    context: { mode: "compressed", compressTokens: 50 },
  });
  await waitForStatus(runId, "succeeded");
  const events = await prisma.runEvent.findMany({
    where: { runId, type: "context.compressed" },
    orderBy: { seq: "asc" },
  });
  return events.map((event) => (payloadData(event.payload) as { reason?: string }).reason ?? null);
}

describe("the worker's compressor", () => {
  it("is none while the compressor role has no model, and the compressor model once an admin sets one", async () => {
    expect(await compressedRun()).toContain("No compressor model is configured; the prompt stays plan-aware.");
    expect(fake.requests().some((request) => (request.body as { model?: string }).model === "fake-compressor")).toBe(
      false,
    );

    // Set while the worker runs: the next run picks it up.
    vi.stubEnv("OPENAI_COMPRESSOR_MODEL", "fake-compressor");
    const reasons = await compressedRun();
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons).not.toContain("No compressor model is configured; the prompt stays plan-aware.");
    expect(fake.requests().some((request) => (request.body as { model?: string }).model === "fake-compressor")).toBe(
      true,
    );
  });
});
