import { describe, expect, it } from "vitest";
import { refusalSentence } from "../refusal";

describe("refusalSentence", () => {
  it("says who must decide instead under the four-eyes rule", () => {
    expect(refusalSentence("you optimized this version")).toBe(
      "You optimized this version; another reviewer must decide (four-eyes rule).",
    );
    expect(refusalSentence("you submitted this version")).toBe(
      "You submitted this version; another reviewer must decide (four-eyes rule).",
    );
  });

  it("names the missing role, or the state that blocks deciding", () => {
    expect(refusalSentence("needs the reviewer role")).toBe("Deciding on a version needs the reviewer role.");
    expect(refusalSentence("the routine is archived")).toBe("No decision can be made here: the routine is archived.");
  });
});
