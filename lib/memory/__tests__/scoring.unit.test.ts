import { describe, expect, it } from "vitest";
import { ProcedureIndex } from "..";
import { MAX_QUERY_TERMS, normalizedScore, queryTerms, withinOneEdit } from "../scoring";
import { memoryDocument, sampleLibrary } from "../testing/factories";

describe("normalizedScore", () => {
  it("is 0 for no match, one half at the self-match and below 1, rising with the raw score", () => {
    expect(normalizedScore(0, 10)).toBe(0);
    expect(normalizedScore(10, 10)).toBe(0.5);
    expect(normalizedScore(1_000, 10)).toBeLessThan(1);
    expect(normalizedScore(5, 10)).toBeLessThan(normalizedScore(6, 10));
    expect(normalizedScore(5, 0)).toBe(0);
  });
});

describe("scores across requests", () => {
  const top = (index: ProcedureIndex, request: string) => index.search(request).candidates[0];

  it("scores a request that names a routine near one half, whatever the request's length", () => {
    const index = ProcedureIndex.build([
      memoryDocument({ name: "Payslip" }),
      memoryDocument({ name: "Register supplier bank account change" }),
      ...sampleLibrary(),
    ]);
    const short = top(index, "payslip")!.score;
    const long = top(index, "register supplier bank account change")!.score;
    for (const score of [short, long]) expect(score).toBeGreaterThan(0.4);
    expect(Math.abs(short - long)).toBeLessThan(0.15);
  });

  it("scores lower when more of the request is about things no routine mentions", () => {
    const index = ProcedureIndex.build(sampleLibrary());
    const plain = top(index, "reset password")!;
    const diluted = top(index, "reset password for the scuba diving club booking portal")!;
    expect(plain.routineId).toBe(diluted.routineId);
    expect(diluted.score).toBeLessThan(plain.score / 2);
  });

  it("keeps a score steady when unrelated routines of the usual shape join the library", () => {
    // BM25's length normalization compares a field with its average, so the added routines have names, intents,
    // steps and tools like real ones; idf grows with the library on both sides of the self-match ratio.
    const unrelated = (i: number) =>
      memoryDocument({
        name: `Calibrate widget line ${i}`,
        description: `Calibrate the widget on production line ${i % 7} and record the reading.`,
        intents: [`calibrate widget ${i}`, `widget ${i} is off`],
        steps: [
          { name: "Measure", description: "Measure the widget output." },
          { name: "Adjust", description: "Adjust the widget until it is in tolerance." },
        ],
        tools: ["measure_widget", "adjust_widget"],
      });
    const small = ProcedureIndex.build(sampleLibrary());
    const large = ProcedureIndex.build([...sampleLibrary(), ...Array.from({ length: 500 }, (_, i) => unrelated(i))]);
    for (const request of ["I forgot my password", "approve invoice", "new laptop please"]) {
      expect(Math.abs(top(small, request)!.score - top(large, request)!.score)).toBeLessThan(0.05);
    }
  });
});

describe("queryTerms", () => {
  it("keeps each stem once, with BM25's idf, the highest for a term no routine has", () => {
    const frequency: Record<string, number> = { leav: 9, balanc: 1 };
    const terms = queryTerms(
      [
        { word: "leave", stem: "leav" },
        { word: "leaves", stem: "leav" },
        { word: "balance", stem: "balanc" },
        { word: "zebra", stem: "zebra" },
      ],
      (stem) => frequency[stem] ?? 0,
      10,
    );
    expect(terms.map((term) => term.word)).toEqual(["leave", "balance", "zebra"]);
    expect(terms[0].idf).toBeLessThan(terms[1].idf);
    expect(terms[1].idf).toBeLessThan(terms[2].idf);
  });

  it("matches a long request on its most informative terms only, in the request's order", () => {
    // A 10 KB request of library words walked every posting list: close to a second at 10,000 routines.
    const words = Array.from({ length: 100 }, (_, i) => ({ word: `w${i}`, stem: `w${i}` }));
    const terms = queryTerms(words, (stem) => Number(stem.slice(1)), 1_000);
    expect(terms).toHaveLength(MAX_QUERY_TERMS);
    expect(terms.map((term) => term.word)).toEqual(words.slice(0, MAX_QUERY_TERMS).map((w) => w.word));
  });
});

describe("withinOneEdit", () => {
  it("allows one insertion, deletion or substitution", () => {
    expect(withinOneEdit("invoic", "invoic")).toBe(true);
    expect(withinOneEdit("invoic", "invoc")).toBe(true);
    expect(withinOneEdit("invoic", "invoicx")).toBe(true);
    expect(withinOneEdit("invoic", "imvoic")).toBe(true);
    expect(withinOneEdit("invoic", "imvoc")).toBe(false);
  });
});
