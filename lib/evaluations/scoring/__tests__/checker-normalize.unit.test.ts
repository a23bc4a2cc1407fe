import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../../routine";
import { normalizeString, valuesMatch } from "..";

describe("normalizeString (BFCL's standardize_string)", () => {
  it.each([
    ["case", "Paris", "paris"],
    ["spaces", "New York", "newyork"],
    ["tabs and newlines", "New\tYork\n", "newyork"],
    ["comma", "April 1, 2024", "april12024"],
    ["full stop", "J. Smith", "jsmith"],
    ["slash", "2024/04/01", "20240401"],
    ["hyphen", "2024-04-01", "20240401"],
    ["underscore", "annual_leave", "annualleave"],
    ["asterisk", "*urgent*", "urgent"],
    ["caret", "x^2", "x2"],
    ["single quote read as double", "it's", 'it"s'],
  ])("%s: %j → %j", (_rule, input, output) => {
    expect(normalizeString(input)).toBe(output);
  });

  it("keeps punctuation BFCL keeps", () => {
    expect(normalizeString("a+b!?(c)")).toBe("a+b!?(c)");
  });
});

type Row = [rule: string, actual: JsonValue, accepted: JsonValue, type: string | undefined, matches: boolean];

describe("valuesMatch", () => {
  it.each<Row>([
    ["strings: case", "PARIS", "paris", "string", true],
    ["strings: spaces", "New York", "NewYork", "string", true],
    ["strings: punctuation", "2024-04-01", "2024/04/01", "string", true],
    ["strings: a different word", "London", "Paris", "string", false],
    ["strings: punctuation BFCL keeps", "Paris!", "Paris", "string", false],
    ["strings: no type given, still normalized", "Annual Leave", "annual_leave", undefined, true],
    ["strings: held as written for a non-string type", "ABC", "abc", "integer", false],
    ["strings: exact for a non-string type", "abc", "abc", "integer", true],
    ["int accepted as number: 3 vs 3.0", 3, 3.0, "number", true],
    ["numbers: another value", 3, 3.5, "number", false],
    ["a number is not its string", 3, "3", undefined, false],
    ["a boolean is not a number", true, 1, undefined, false],
    ["booleans", false, false, "boolean", true],
    ["null", null, null, undefined, true],
    ["null is not an empty string", null, "", undefined, false],
    ["lists: elements normalized", ["Paris", "new-york"], ["paris", "New York"], "array", true],
    ["lists: order matters", ["b", "a"], ["a", "b"], "array", false],
    ["lists: length matters", ["a"], ["a", "b"], "array", false],
    ["lists: nested lists", [["A B"], [1, 2]], [["ab"], [1, 2.0]], "array", true],
    ["lists: nested list differs", [[1, 2]], [[2, 1]], "array", false],
    ["lists: a list is not its only element", ["a"], "a", undefined, false],
    ["objects: values normalized", { city: "New York", days: 3 }, { city: "new_york", days: 3.0 }, "object", true],
    ["objects: key order does not matter", { a: 1, b: 2 }, { b: 2, a: 1 }, "object", true],
    ["objects: an extra key", { city: "Paris", days: 3 }, { city: "Paris" }, "object", false],
    ["objects: a missing key", { city: "Paris" }, { city: "Paris", days: 3 }, "object", false],
    ["objects: keys are not normalized", { City: "Paris" }, { city: "Paris" }, "object", false],
    ["objects: a value differs", { days: 3 }, { days: 4 }, "object", false],
    [
      "objects in lists, lists in objects",
      [{ name: "Ann Lee", tags: ["Full-Time"] }],
      [{ name: "ann lee", tags: ["fulltime"] }],
      "array",
      true,
    ],
    ["an object is not a list", { 0: "a" }, ["a"], undefined, false],
  ])("%s", (_rule, actual, accepted, type, matches) => {
    expect(valuesMatch(actual, accepted, type)).toBe(matches);
  });
});
