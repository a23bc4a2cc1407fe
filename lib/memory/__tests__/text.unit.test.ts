import { describe, expect, it } from "vitest";
import { LEXICON } from "../lexicon";
import { stems, tokens } from "../text";

describe("stems", () => {
  it("brings the forms of a workplace word together (Porter) and leaves other scripts and numbers alone", () => {
    expect(stems("reimbursement")).toEqual(stems("reimburse"));
    expect(stems("cancelled")).toEqual(stems("cancel"));
    expect(stems("employees")).toEqual(stems("employee's"));
    expect(stems("Überstunden")).toEqual(["überstunden"]);
    expect(stems("2fa")).toEqual(stems("mfa"));
  });
});

describe("tokens", () => {
  it("drops stopwords, courtesy, dates and numbers, keeping the words as written", () => {
    expect(tokens("Could you please reset my password by Monday the 12th, 2026?").map((t) => t.word)).toEqual([
      "reset",
      "password",
    ]);
  });

  it("maps synonyms onto one concept, in documents and requests alike", () => {
    expect(stems("PTO")).toEqual(stems("vacation"));
    expect(stems("my boss")).toEqual(stems("manager"));
    expect(stems("I have the flu")).toEqual(stems("sick"));
  });

  it("reads lexicon phrases as one token, skipping possessives inside them", () => {
    expect(tokens("I'd like some time off")).toEqual([{ word: "time off", stem: stems("leave")[0] }]);
    expect(tokens("Tom handed in his notice")).toEqual([
      { word: "tom", stem: "tom" },
      { word: "handed in his notice", stem: stems("resign")[0] },
    ]);
    // "public holidays" is its own concept, not leave.
    expect(stems("public holidays")).not.toEqual(stems("holidays"));
  });

  it("splits snake_case tool names into words", () => {
    expect(stems("get_leave_balance")).toEqual(stems("leave balance"));
  });
});

describe("LEXICON", () => {
  it("gives every word and phrase exactly one concept", () => {
    const seen = new Map<string, string>();
    for (const group of LEXICON) {
      for (const entry of [group.head, ...(group.words ?? []), ...(group.phrases ?? [])]) {
        const key = stems(entry).join(" ") === "" ? entry : entry.toLowerCase();
        expect(seen.get(key), `"${entry}" is in "${seen.get(key)}" and "${group.head}"`).toBeUndefined();
        seen.set(key, group.head);
      }
    }
  });
});
