import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateCondition, ExpressionError, parseExpression, referencedPaths } from "../expression";
import type { JsonValue } from "../../../routine";

const scope = (values: Record<string, JsonValue | null>) => new Map(Object.entries(values));
const holds = (source: string, values: Record<string, JsonValue | null> = {}) =>
  evaluateCondition(source, scope(values));

describe("branch expressions", () => {
  it("compares paths into the run's values with literals", () => {
    const values = { balance: { days: 12, unit: "days" }, requested: 5 };
    expect(holds("balance.days >= requested", values)).toBe(true);
    expect(holds("balance.days < requested", values)).toBe(false);
    expect(holds("balance.unit == 'days'", values)).toBe(true);
    expect(holds('balance.unit != "hours"', values)).toBe(true);
    expect(holds("balance.days - requested >= 7", values)).toBe(true);
    expect(holds("balance.days * 2 == 24 && requested % 2 == 1", values)).toBe(true);
  });

  it("reads && || ! with the usual precedence, and and/or/not as words", () => {
    expect(holds("true || false && false")).toBe(true);
    expect(holds("(true || false) && false")).toBe(false);
    expect(holds("!false && !(1 > 2)")).toBe(true);
    expect(holds("not a == 1 or a == 2", { a: 2 })).toBe(true);
    expect(holds("a > 1 and a < 3", { a: 2 })).toBe(true);
  });

  it("treats numbers written as text as numbers, and values of different kinds as unequal", () => {
    expect(holds("days == 3", { days: "3" })).toBe(true);
    expect(holds("days > 10", { days: "9" })).toBe(false);
    expect(holds("flag == 'true'", { flag: true })).toBe(false);
    expect(holds("missing > 1", { missing: null })).toBe(false);
    expect(holds("items == null", { items: [1] })).toBe(false);
  });

  it("compares objects and arrays by value, and reads length and indexes", () => {
    const values = { list: [{ id: "a" }, { id: "b" }], copy: [{ id: "a" }, { id: "b" }], name: "Ann" };
    expect(holds("list == copy", values)).toBe(true);
    expect(holds("list.length == 2 && list.1.id == 'b' && name.length == 3", values)).toBe(true);
    expect(holds("list.5.id == null", values)).toBe(true);
  });

  it("refuses a name the scope does not know, so a typo cannot silently pick a way", () => {
    expect(() => holds("blance.days > 1", { balance: { days: 2 } })).toThrow(ExpressionError);
    expect(() => holds("blance.days > 1", { balance: { days: 2 } })).toThrow(/Unknown name "blance"/);
  });

  it("explains syntax errors with a position, and refuses anything that is not an expression", () => {
    expect(() => parseExpression("a >")).toThrow(/Expected a value but found the end/);
    expect(() => parseExpression("a = 1")).toThrow(/Unexpected character "="/);
    expect(() => parseExpression("1 < a < 3")).toThrow(/Chained comparisons/);
    expect(() => parseExpression("'open")).toThrow(/no closing/);
    expect(() => parseExpression("constructor.constructor('x')()")).toThrow(ExpressionError);
    expect(() => parseExpression("")).toThrow(/empty/);
    expect(() => parseExpression("(".repeat(200) + "1" + ")".repeat(200))).toThrow(/nested too deeply/);
  });

  it("never reaches into prototypes", () => {
    expect(holds("a.constructor == null && a.__proto__ == null", { a: {} })).toBe(true);
  });

  it("fails arithmetic on non-numbers and division by zero with a reason", () => {
    expect(() => holds("a * 2 > 1", { a: "x" })).toThrow(/needs numbers/);
    expect(() => holds("1 / 0 > 1")).toThrow(/Division by zero/);
  });

  it("lists the paths an expression reads", () => {
    expect(referencedPaths(parseExpression("balance.days >= requested && inputs.x.0 == 'y'"))).toEqual([
      ["balance", "days"],
      ["requested"],
      ["inputs", "x", "0"],
    ]);
  });

  it("agrees with JavaScript on comparisons of numbers (property)", () => {
    const ops = ["<", "<=", ">", ">=", "==", "!="] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.constantFrom(...ops),
        (a, b, op) => {
          const expected = { "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b, "==": a === b, "!=": a !== b }[op];
          expect(holds(`x ${op} y`, { x: a, y: b })).toBe(expected);
        },
      ),
    );
  });
});
