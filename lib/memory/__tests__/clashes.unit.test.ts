import { describe, expect, it } from "vitest";
import { clashingRoutines, findClashes, ProcedureIndex, type MemoryDocument } from "..";
import { memoryDocument, sampleLibrary } from "../testing/factories";

/** Both about booking a hotel; the travel routine's intent names the hotel more than the travel. */
const travel = memoryDocument({
  name: "Travel expenses",
  routineId: "travel",
  intents: ["book a hotel for my trip to Berlin"],
});
const hotel = memoryDocument({
  name: "Book a hotel",
  routineId: "hotel",
  description: "Books a hotel room for a business trip.",
  intents: ["book a hotel room for my business trip"],
});
/** The sample library's laptop order has "I need a new laptop"; this one asks the same in its intent. */
const repair = memoryDocument({
  name: "Repair a broken computer",
  routineId: "repair",
  versionId: "repair-v2",
  description: "Sends a broken computer to the repair desk.",
  intents: ["I need a new laptop"],
});
const repairPublished = memoryDocument({
  name: "Repair a broken computer",
  routineId: "repair",
  description: "Sends a broken computer to the repair desk.",
  intents: ["my screen is cracked, please repair it"],
});

const scores = (docs: MemoryDocument[], request: string) =>
  new Map(
    ProcedureIndex.build(docs)
      .search(request)
      .candidates.map((c) => [c.routineId, c.score]),
  );

describe("findClashes", () => {
  it("finds nothing in a library whose routines each answer their own intents", () => {
    expect(findClashes(sampleLibrary())).toEqual([]);
    expect(findClashes([...sampleLibrary(), repairPublished])).toEqual([]);
  });

  it("reports an intent that another routine outranks, naming both routines, the intent and both scores", () => {
    const docs = [...sampleLibrary(), travel, hotel];
    const score = scores(docs, travel.intents[0]);
    expect(score.get("hotel")!).toBeGreaterThan(score.get("travel")!);

    const clashes = findClashes(docs);
    expect(clashes).toHaveLength(1);
    expect(clashes[0].routines.map((routine) => routine.name)).toEqual(["Book a hotel", "Travel expenses"]);
    expect(clashes[0].intents).toEqual([
      {
        intent: "book a hotel for my trip to Berlin",
        from: { routineId: "travel", versionId: "travel-expenses-v1", name: "Travel expenses" },
        to: { routineId: "hotel", versionId: "book-a-hotel-v1", name: "Book a hotel" },
        kind: "outranks",
        fromScore: score.get("travel"),
        toScore: score.get("hotel"),
      },
    ]);
  });

  it("reports another routine within the ambiguity margin below the intent's own, as retrieval's 'ambiguous'", () => {
    const a = memoryDocument({ name: "Order a laptop for a new hire", routineId: "a", intents: ["order a laptop"] });
    const b = memoryDocument({ name: "Order a laptop for a contractor", routineId: "b" });
    const docs = [a, b, ...sampleLibrary().filter((doc) => doc.routineId !== "order-a-new-laptop")];
    const score = scores(docs, "order a laptop");
    const gap = score.get("a")! - score.get("b")!;
    expect(gap).toBeGreaterThan(0.02);

    const wide = { minScore: 0.22, ambiguityMargin: gap + 0.01 };
    expect(ProcedureIndex.build(docs).search("order a laptop", { thresholds: wide }).decision).toBe("ambiguous");
    const [pair] = findClashes(docs, { thresholds: wide });
    expect(pair.intents).toEqual([
      expect.objectContaining({ intent: "order a laptop", from: expect.objectContaining({ routineId: "a" }) }),
    ]);
    expect(pair.intents[0]).toMatchObject({ to: { routineId: "b" }, kind: "ambiguous", toScore: score.get("b") });

    // Just outside the margin retrieval answers "match", and there is no clash.
    const narrow = { minScore: 0.22, ambiguityMargin: gap - 0.01 };
    expect(ProcedureIndex.build(docs).search("order a laptop", { thresholds: narrow }).decision).toBe("match");
    expect(findClashes(docs, { thresholds: narrow })).toEqual([]);
  });

  it("ignores a routine scoring below the minimum score: retrieval would never answer it", () => {
    const docs = [...sampleLibrary(), travel, hotel];
    const score = scores(docs, travel.intents[0]);
    const above = { minScore: score.get("hotel")! + 0.01, ambiguityMargin: 0.03 };
    expect(findClashes(docs, { thresholds: above })).toEqual([]);
  });

  it("with a candidate version, checks it in place of its routine's published document, in both directions", () => {
    const library = [...sampleLibrary(), repairPublished];
    const clashes = findClashes(library, { candidate: repair });
    expect(clashes).toHaveLength(1);
    expect(clashes[0].routines.map((routine) => routine.routineId)).toEqual(["order-a-new-laptop", "repair"]);
    const { intents } = clashes[0];
    // The candidate's intent is the laptop order's own: each retrieves the other about equally, or outranks it.
    expect(intents.length).toBeGreaterThan(0);
    for (const clash of intents) {
      expect(clash.intent).toBe("I need a new laptop");
      const side = clash.from.routineId === "repair" ? clash.from : clash.to;
      expect(side.versionId).toBe("repair-v2");
    }
    // The published repair document (v1) is not part of the check.
    expect(JSON.stringify(clashes)).not.toContain("repair-a-broken-computer-v1");
  });

  it("with a candidate version, leaves out clashes between other routines", () => {
    const clashes = findClashes([...sampleLibrary(), travel, hotel], { candidate: repair });
    expect(clashes.map((clash) => clash.routines.map((routine) => routine.routineId))).toEqual([
      ["order-a-new-laptop", "repair"],
    ]);
  });

  it("skips blank and repeated intents, and refuses thresholds out of range", () => {
    const twice = { ...travel, intents: ["  ", travel.intents[0], travel.intents[0]] };
    const [pair] = findClashes([...sampleLibrary(), twice, hotel]);
    expect(pair.intents.map((clash) => clash.intent)).toEqual([travel.intents[0]]);
    expect(() => findClashes([twice, hotel], { thresholds: { minScore: 2, ambiguityMargin: 0 } })).toThrow();
  });
});

describe("clashingRoutines", () => {
  it("lists, per routine, the routines it clashes with", () => {
    const byRoutine = clashingRoutines(findClashes([...sampleLibrary(), travel, hotel]));
    expect(byRoutine.get("travel")?.map((r) => r.routineId)).toEqual(["hotel"]);
    expect(byRoutine.get("hotel")?.map((r) => r.routineId)).toEqual(["travel"]);
    expect(byRoutine.has("request-time-off")).toBe(false);
  });
});
