import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeOpenAI, type FakeOpenAI } from "../../../scripts/fake-openai/index";
import { signedIn } from "../../../test/request-context";
import { LLM_ROLES, type LlmSettingsInput } from "../../llm";
import { prisma } from "../core";
import { updateLlmSettings } from "../llm";
import { retrieveRoutines } from "../memory";
import { seedDatabase } from "../../demo/seed";
import { as } from "../testing/review-test-support";
import { EXPENSES, LAPTOP, publishNew, SICK_LEAVE, taskRoutine } from "./memory-support";

// Hybrid ranking with the embedder role pointed at the fake OpenAI server over real HTTP, and what happens when the
// embedder is down or never answers.

const KEY = "sk-embedder-test-key-5151";
let fake: FakeOpenAI;
let sick: { routineId: string; versionId: string };

/** A request that shares no word with any routine; only its scripted vector ties it to the sick-leave routine. */
const UNWELL = "feeling unwell, staying home";
const SICK_VECTOR = [1, 0, 0, 0];

async function configureEmbedder(model: string, timeoutMs = 5_000) {
  const roles = Object.fromEntries(
    LLM_ROLES.map((role) => [role, { model: role === "embedder" ? model : "", timeoutMs, maxRetries: 0 }]),
  ) as LlmSettingsInput["roles"];
  await as("admin");
  await updateLlmSettings(signedIn(), { baseUrl: fake.url, apiKey: KEY, roles });
}

const embeddingRequests = () => fake.requests().filter((request) => request.path === "/v1/embeddings");

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  vi.stubEnv("OPENAI_BASE_URL", "");
  fake = await startFakeOpenAI({ port: 0, apiKey: KEY });
  sick = await publishNew(taskRoutine(SICK_LEAVE));
  await publishNew(taskRoutine(EXPENSES));
  await publishNew(taskRoutine(LAPTOP));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.setScenario({
    rules: [],
    embeddings: {
      dimensions: 4,
      vectors: [
        { inputIncludes: "unwell", vector: SICK_VECTOR },
        { inputIncludes: SICK_LEAVE.name, vector: SICK_VECTOR },
      ],
    },
  });
});

describe("retrieval with an embedder", () => {
  it("ranks by keywords alone when no embedder is configured, and calls no model", async () => {
    await as("operator");
    const retrieval = await retrieveRoutines(signedIn(), UNWELL);
    expect(retrieval).toMatchObject({ mode: "bm25", decision: "none" });
    expect(retrieval.notice).toBeUndefined();
    expect(embeddingRequests()).toHaveLength(0);
  });

  it("blends embeddings in, embeds each published version once and stores it, then embeds only the request", async () => {
    await configureEmbedder("fake-embed");
    await as("operator");
    const retrieval = await retrieveRoutines(signedIn(), UNWELL);
    expect(retrieval.mode).toBe("hybrid");
    expect(retrieval.notice).toBeUndefined();
    expect(retrieval.candidates[0]).toMatchObject({ routineId: sick.routineId, similarity: 1 });

    const rows = await prisma.routineEmbedding.findMany({ where: { model: "fake-embed" } });
    expect(rows).toHaveLength(3);
    const sickRow = rows.find((row) => row.versionId === sick.versionId)!;
    expect(JSON.parse(sickRow.vector)).toEqual(SICK_VECTOR);
    expect(sickRow.textHash).toMatch(/^[0-9a-f]{64}$/);
    // One request for the three versions, one for the request; the key went in the header as configured.
    const [versions, request] = embeddingRequests();
    expect(versions.body).toMatchObject({ model: "fake-embed", encoding_format: "float" });
    expect((versions.body as { input: string[] }).input).toHaveLength(3);
    expect(request.body).toMatchObject({ input: [UNWELL] });

    fake.reset();
    fake.setScenario({
      rules: [],
      embeddings: { dimensions: 4, vectors: [{ inputIncludes: "unwell", vector: SICK_VECTOR }] },
    });
    await retrieveRoutines(signedIn(), "I am unwell");
    expect(embeddingRequests().map((entry) => (entry.body as { input: string[] }).input)).toEqual([["I am unwell"]]);
    expect(await prisma.routineEmbedding.count()).toBe(3);
    // Every embeddings request is in the model-call log like any other model call (recorded in the background).
    await vi.waitFor(async () =>
      expect(await prisma.llmCall.count({ where: { role: "embedder", model: "fake-embed", status: "ok" } })).toBe(3),
    );
  });

  it("falls back to keywords with a notice when the embedder answers an error, and stores nothing", async () => {
    await configureEmbedder("embed-down");
    fake.setScenario({ rules: [], embeddings: { fault: { kind: "http", status: 503 } } });
    const before = await prisma.routineEmbedding.count();
    await as("operator");
    const retrieval = await retrieveRoutines(signedIn(), "report sick leave for tomorrow");
    expect(retrieval).toMatchObject({ mode: "bm25", decision: "match" });
    expect(retrieval.notice).toMatch(/keywords/i);
    expect(retrieval.notice).not.toContain(KEY);
    expect(retrieval.candidates[0]).toMatchObject({ routineId: sick.routineId });
    expect(retrieval.candidates[0].similarity).toBeUndefined();
    expect(embeddingRequests().length).toBeGreaterThan(0);
    expect(await prisma.routineEmbedding.count()).toBe(before);
    await vi.waitFor(async () =>
      expect(
        await prisma.llmCall.findFirst({ where: { role: "embedder", model: "embed-down", status: "error" } }),
      ).toMatchObject({ error: expect.stringContaining("server_error") }),
    );
  });

  it("falls back to keywords within the embedder's timeout when it never answers", async () => {
    await configureEmbedder("embed-hangs", 1_000);
    fake.setScenario({ rules: [], embeddings: { fault: { kind: "hang" } } });
    await as("author");
    const started = Date.now();
    const retrieval = await retrieveRoutines(signedIn(), "report sick leave for tomorrow");
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(retrieval).toMatchObject({ mode: "bm25", decision: "match" });
    expect(retrieval.notice).toMatch(/keywords/i);
  });
});
