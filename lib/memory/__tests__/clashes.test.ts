import { describe, expect, it } from "vitest";
import { clashingRoutines, findClashes, ProcedureIndex } from "..";
import { memoryDocument, sampleLibrary } from "../testing/factories";

const laptop = memoryDocument({
  name: "Order a laptop",
  routineId: "laptop",
  description: "Orders a new laptop for an employee from the hardware catalog.",
  intents: ["I need a new laptop"],
});
/** Says it replaces broken computers, but its intent asks for a new laptop: the laptop order's requests. */
const repair = memoryDocument({
  name: "Repair a broken computer",
  routineId: "repair",
  description: "Sends a broken computer to the repair desk.",
  intents: ["I need a new laptop, mine is broken"],
});

describe("findClashes", () => {
  it("finds nothing in a library whose routines each answer their own intents", () => {
    expect(findClashes(sampleLibrary())).toEqual([]);
  });

  it("reports an intent that retrieves another routine, naming both routines, the intent and the scores", () => {
    const clashes = findClashes([...sampleLibrary(), laptop, repair]);
    const pair = clashes.find((clash) => clash.routines.some((routine) => routine.routineId === "repair"));
    expect(pair?.routines.map((routine) => routine.routineId).sort()).toEqual(["laptop", "repair"]);
    // The laptop order's own intent ranks the repair routine at least within the margin of itself, or above it.
    const fromLaptop = pair!.intents.filter((clash) => clash.from.routineId === "laptop");
    const fromRepair = pair!.intents.filter((clash) => clash.from.routineId === "repair");
    expect(fromLaptop.length + fromRepair.length).toBeGreaterThan(0);
    for (const clash of pair!.intents) {
      expect(clash.toScore).toBeGreaterThanOrEqual(0.22);
      expect(clash.intent).toMatch(/new laptop/);
      expect(clash.from.versionId).toBe(`${clash.from.routineId === "laptop" ? "order-a-laptop" : "repair-a-broken-computer"}-v1`);
    }
  });

  it("agrees with retrieval: outranks when the other routine is the answer, ambiguous when it is within the margin", () => {
    const a = memoryDocument({ name: "Order a laptop for a new hire", routineId: "a", intents: ["order a laptop"] });
    const b = memoryDocument({ name: "Order a laptop for a contractor", routineId: "b", intents: [] });
    const docs = [a, b, ...sampleLibrary()];
    const retrieval = ProcedureIndex.build(docs).search("order a laptop");
    expect(retrieval.decision).toBe("ambiguous");
    const [pair] = findClashes(docs);
    expect(pair.routines.map((routine) => routine.routineId)).toEqual(["a", "b"].sort((x, y) =>
      (x === "a" ? a.name : b.name).localeCompare(y === "a" ? a.name : b.name),
    ));
    expect(pair.intents).toHaveLength(1);
    const [clash] = pair.intents;
    const scoreOf = (id: string) => retrieval.candidates.find((candidate) => candidate.routineId === id)!.score;
    expect(clash).toMatchObject({ intent: "order a laptop", from: { routineId: "a" }, to: { routineId: "b" } });
    expect(clash.fromScore).toBe(scoreOf("a"));
    expect(clash.toScore).toBe(scoreOf("b"));
    expect(clash.kind).toBe(scoreOf("b") > scoreOf("a") ? "outranks" : "ambiguous");

    // A margin of zero leaves only a routine that outranks (or ties) the intent's own.
    const strict = findClashes(docs, { thresholds: { minScore: 0.22, ambiguityMargin: 0 } });
    expect(strict.length).toBe(scoreOf("b") >= scoreOf("a") ? 1 : 0);
    // A minimum score above every candidate's means retrieval answers "none": no clash.
    expect(findClashes(docs, { thresholds: { minScore: 1, ambiguityMargin: 0.5 } })).toEqual([]);
  });

  it("reports an intent whose own routine another one outranks outright", () => {
    const generic = memoryDocument({
      name: "Travel expenses",
      routineId: "generic",
      intents: ["book a hotel for my trip to Berlin"],
    });
    const hotel = memoryDocument({
      name: "Book a hotel",
      routineId: "hotel",
      description: "Books a hotel room for a business trip.",
      intents: ["book a hotel room for my business trip"],
    });
    const [pair] = findClashes([generic, hotel]);
    expect(pair.intents).toContainEqual(
      expect.objectContaining({ intent: "book a hotel for my trip to Berlin", from: expect.objectContaining({ routineId: "generic" }), to: expect.objectContaining({ routineId: "hotel" }), kind: "outranks" }),
    );
  });

  it("with a candidate version, checks it in place of its routine's published document and returns only its clashes", () => {
    const library = [...sampleLibrary(), laptop];
    const published = memoryDocument({
      name: "Repair a broken computer",
      routineId: "repair",
      description: "Sends a broken computer to the repair desk.",
      intents: ["my screen is cracked, please repair it"],
    });
    expect(findClashes([...library, published])).toEqual([]);
    const next = { ...repair, versionId: "repair-v2" };
    const clashes = findClashes([...library, published], { candidate: next });
    expect(clashes).toHaveLength(1);
    const involved = clashes[0].intents.flatMap((clash) => [clash.from, clash.to]);
    expect(involved.filter((routine) => routine.routineId === "repair").every((r) => r.versionId === "repair-v2")).toBe(true);
    // The other clashes of the library (none here but the candidate's) are left out: a clash elsewhere is not listed.
    const other = memoryDocument({ name: "Order a laptop again", routineId: "again", intents: ["I need a new laptop"] });
    const withOther = findClashes([...library, published, other], { candidate: next });
    for (const clash of withOther) expect(clash.routines.map((r) => r.routineId)).toContain("repair");
    expect(findClashes([...library, published, other]).length).toBeGreaterThan(0);
  });

  it("skips empty and repeated intents, and refuses thresholds out of range", () => {
    const a = memoryDocument({ name: "Order a laptop", routineId: "a", intents: ["  ", "order a laptop", "order a laptop"] });
    const b = memoryDocument({ name: "Order a laptop quickly", routineId: "b" });
    const [pair] = findClashes([a, b]);
    expect(pair.intents.map((clash) => clash.intent)).toEqual(["order a laptop"]);
    expect(() => findClashes([a, b], { thresholds: { minScore: 2, ambiguityMargin: 0 } })).toThrow();
  });
});

describe("clashingRoutines", () => {
  it("lists, per routine, the routines it clashes with", () => {
    const a = memoryDocument({ name: "Order a laptop", routineId: "a", intents: ["order a laptop"] });
    const b = memoryDocument({ name: "Order a laptop quickly", routineId: "b" });
    const byRoutine = clashingRoutines(findClashes([a, b, ...sampleLibrary()]));
    expect(byRoutine.get("a")?.map((r) => r.routineId)).toEqual(["b"]);
    expect(byRoutine.get("b")?.map((r) => r.routineId)).toEqual(["a"]);
    expect(byRoutine.has("request-time-off")).toBe(false);
  });
});
