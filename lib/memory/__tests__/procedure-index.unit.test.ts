import { describe, expect, it } from "vitest";
import { MAX_CANDIDATES, ProcedureIndex } from "..";
import { memoryDocument, sampleLibrary } from "../testing/factories";

const ranked = (index: ProcedureIndex, request: string) => index.search(request).candidates.map((c) => c.routineId);

describe("ProcedureIndex", () => {
  it("ranks the routine a request is about first and answers match", () => {
    const index = ProcedureIndex.build(sampleLibrary());
    const retrieval = index.search("I forgot my password and can't log in");
    expect(retrieval.decision).toBe("match");
    expect(retrieval.mode).toBe("bm25");
    expect(retrieval.candidates[0]).toMatchObject({
      routineId: "reset-a-forgotten-password",
      versionId: "reset-a-forgotten-password-v1",
      name: "Reset a forgotten password",
    });
    expect(retrieval.candidates[0].matched).toEqual(expect.arrayContaining(["forgot", "password"]));
    expect(retrieval.notice).toBeUndefined();
  });

  it("matches synonyms and a typo", () => {
    const index = ProcedureIndex.build(sampleLibrary());
    expect(ranked(index, "can I book some PTO")[0]).toBe("request-time-off");
    expect(ranked(index, "please aprove the invoise")[0]).toBe("approve-a-supplier-invoice");
  });

  it("answers none to a request no routine covers, and to one with no words to match", () => {
    const index = ProcedureIndex.build(sampleLibrary());
    expect(index.search("what's the weather in Chicago tomorrow").decision).toBe("none");
    const empty = index.search("hello, could you please help?");
    expect(empty).toMatchObject({ decision: "none", candidates: [], notice: expect.stringMatching(/no words/) });
  });

  it("answers ambiguous when two routines match about equally", () => {
    const index = ProcedureIndex.build([
      memoryDocument({ name: "Order a laptop for a new hire", routineId: "a" }),
      memoryDocument({ name: "Order a laptop for a contractor", routineId: "b" }),
    ]);
    const retrieval = index.search("order a laptop");
    expect(retrieval.decision).toBe("ambiguous");
    expect(retrieval.candidates.map((c) => c.routineId).sort()).toEqual(["a", "b"]);
  });

  it("applies the thresholds it is given and returns them", () => {
    const index = ProcedureIndex.build(sampleLibrary());
    const strict = { minScore: 0.99, ambiguityMargin: 0 };
    expect(index.search("I forgot my password", { thresholds: strict })).toMatchObject({
      decision: "none",
      thresholds: strict,
    });
    expect(() => index.search("password", { thresholds: { minScore: 2, ambiguityMargin: 0 } })).toThrow();
  });

  it("returns at most MAX_CANDIDATES, or the limit asked, best first", () => {
    const docs = Array.from({ length: 8 }, (_, i) => memoryDocument({ name: `Order laptop model ${i}` }));
    const index = ProcedureIndex.build(docs);
    const all = index.search("order laptop").candidates;
    expect(all).toHaveLength(MAX_CANDIDATES);
    expect(all.map((c) => c.score)).toEqual([...all.map((c) => c.score)].sort((a, b) => b - a));
    expect(index.search("order laptop", { limit: 2 }).candidates).toHaveLength(2);
  });

  it("follows publish and rollback: add replaces a routine's version, at once", () => {
    const v1 = memoryDocument({
      name: "Transport",
      routineId: "travel",
      versionId: "v1",
      intents: ["reserve a train seat"],
    });
    const v2 = { ...v1, versionId: "v2", intents: ["charter a helicopter"] };
    const index = ProcedureIndex.build([...sampleLibrary(), v1]);

    index.add(v2); // publish v2
    expect(index.size).toBe(5);
    expect(index.get("travel")?.versionId).toBe("v2");
    expect(index.search("helicopter charter").candidates[0]).toMatchObject({ routineId: "travel", versionId: "v2" });
    expect(index.search("train seat").candidates.find((c) => c.routineId === "travel")).toBeUndefined();

    index.add(v1); // roll back to v1
    expect(index.search("train seat").candidates[0]).toMatchObject({ routineId: "travel", versionId: "v1" });
    expect(index.search("helicopter charter").candidates.find((c) => c.routineId === "travel")).toBeUndefined();
  });

  it("follows remove (archive): the routine is no longer found and the vocabulary forgets it", () => {
    const index = ProcedureIndex.build(sampleLibrary());
    expect(index.remove("reset-a-forgotten-password")).toBe(true);
    expect(index.remove("reset-a-forgotten-password")).toBe(false);
    expect(index.size).toBe(3);
    expect(index.search("I forgot my password").decision).toBe("none");
    expect(index.documents().map((doc) => doc.routineId)).not.toContain("reset-a-forgotten-password");
  });
});

describe("ProcedureIndex with embeddings", () => {
  const docs = sampleLibrary();
  const versions = new Map(docs.map((doc, i) => [doc.versionId, [i === 0 ? 1 : 0, i === 1 ? 1 : 0, i >= 2 ? 1 : 0]]));

  it("blends cosine similarity in hybrid mode and reports it per candidate", () => {
    const index = ProcedureIndex.build(docs);
    // No shared words with the time-off routine, but its vector points the same way as the request's.
    const retrieval = index.search("my daughter's wedding is in May", {
      embeddings: { status: "ready", request: [1, 0, 0], versions, weight: 0.6 },
    });
    expect(retrieval.mode).toBe("hybrid");
    expect(retrieval.candidates[0]).toMatchObject({ routineId: "request-time-off", similarity: 1, keywordScore: 0 });
    expect(retrieval.candidates[0].score).toBeCloseTo(0.6);
    expect(retrieval.decision).toBe("match");
  });

  it("finds a routine for a request without keywords, without saying it had none", () => {
    const index = ProcedureIndex.build(docs);
    const retrieval = index.search("hi there, please help", {
      embeddings: { status: "ready", request: [0, 1, 0], versions },
    });
    expect(retrieval).toMatchObject({ mode: "hybrid", decision: "match" });
    expect(retrieval.candidates[0].routineId).toBe("reset-a-forgotten-password");
    expect(retrieval.notice).toBeUndefined();
  });

  it("ranks by keywords alone, with a notice, when the embedder is down", () => {
    const index = ProcedureIndex.build(docs);
    const retrieval = index.search("I forgot my password", {
      embeddings: { status: "unavailable", reason: "connection refused" },
    });
    expect(retrieval).toMatchObject({ mode: "bm25", decision: "match" });
    expect(retrieval.notice).toBe(
      "Matching used keywords only: the embedding model did not answer (connection refused).",
    );
    expect(retrieval.candidates[0].routineId).toBe("reset-a-forgotten-password");
  });

  it("falls back to keywords, with a notice, when no stored vector fits the request's", () => {
    const index = ProcedureIndex.build(docs);
    const retrieval = index.search("I forgot my password", {
      embeddings: { status: "ready", request: [1, 0], versions },
    });
    expect(retrieval.mode).toBe("bm25");
    expect(retrieval.notice).toMatch(/no published routine has an embedding/);
  });
});
