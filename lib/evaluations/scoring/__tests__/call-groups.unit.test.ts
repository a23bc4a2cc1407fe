import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkCase, type ActualCall, type CaseVerdict, type ExpectedCall } from "..";
import type { JsonValue } from "../../../routine";
import { call, expect_, lookup, okLookup, okNotify, notify, schemas } from "./checker-fixtures";

/** The expected call, in the group `label`. */
const grouped = (label: string, expected: ExpectedCall): ExpectedCall => ({ ...expected, group: label });
const kinds = (verdict: CaseVerdict) => verdict.errors.map((error) => error.subKind);

const employee = expect_("get_employee", { employee_id: ["E1"] });
const balance = expect_("get_balance", { employee_id: ["E1"], year: [2026] });
const okEmployee = call("get_employee", { employee_id: "E1" });
const okBalance = call("get_balance", { employee_id: "E1", year: 2026 });

describe("checkCase: order-free groups", () => {
  it("passes two lookups of a group made in either order", () => {
    const expectedCalls = [grouped("lookups", employee), grouped("lookups", balance)];
    for (const actualCalls of [
      [okEmployee, okBalance],
      [okBalance, okEmployee],
    ]) {
      const verdict = checkCase({ expectedCalls, actualCalls });
      expect(verdict.passed).toBe(true);
      // The rows keep the expected order, each with the call paired with it.
      expect(verdict.calls.map((row) => [row.expected?.tool, row.actual?.tool])).toEqual([
        ["get_employee", "get_employee"],
        ["get_balance", "get_balance"],
      ]);
    }
  });

  it("reports one wrong value in a group once, on the call it belongs to", () => {
    const verdict = checkCase({
      expectedCalls: [grouped("g1", employee), grouped("g1", balance)],
      actualCalls: [call("get_balance", { employee_id: "E1", year: 2025 }), okEmployee],
    });
    expect(kinds(verdict)).toEqual(["wrong_value"]);
    expect(verdict.errors[0]).toMatchObject({ callIndex: 1, tool: "get_balance", parameter: "year" });
  });

  it("reports a group's call the run did not make as one missing call", () => {
    const verdict = checkCase({
      expectedCalls: [lookup, grouped("g1", employee), grouped("g1", balance), notify],
      actualCalls: [okLookup, okBalance, okNotify],
    });
    expect(kinds(verdict)).toEqual(["missing_call"]);
    expect(verdict.calls[1]).toMatchObject({ expected: { tool: "get_employee" }, actual: null });
  });

  it("reports a spare call in the group's window as an extra call", () => {
    const verdict = checkCase({
      expectedCalls: [grouped("g1", employee), grouped("g1", balance)],
      actualCalls: [okBalance, okEmployee, okBalance],
    });
    expect(kinds(verdict)).toEqual(["extra_call"]);
    expect(verdict.calls).toHaveLength(3);
  });

  it("finds the pairing that passes where pairing the first call that passes would fail", () => {
    // Greedy (BFCL's parallel checker): the first expected call takes E1, which the second needed.
    const verdict = checkCase({
      expectedCalls: [
        grouped("g1", expect_("get_employee", { employee_id: ["E1", "E2"] })),
        grouped("g1", expect_("get_employee", { employee_id: ["E1"] })),
      ],
      actualCalls: [call("get_employee", { employee_id: "E1" }), call("get_employee", { employee_id: "E2" })],
    });
    expect(verdict.passed).toBe(true);
    expect(verdict.calls.map((row) => row.actual?.arguments.employee_id)).toEqual(["E2", "E1"]);
  });

  it("pairs wrong calls of one tool with the expected call they are closest to", () => {
    const expectedCalls = [
      grouped("g1", expect_("get_balance", { employee_id: ["E1"], year: [2026] })),
      grouped("g1", expect_("get_balance", { employee_id: ["E2"], year: [2026] })),
    ];
    const near = call("get_balance", { employee_id: "E2", year: 2025 });
    const far = call("get_balance", { employee_id: "E3", year: 2025 });
    for (const actualCalls of [
      [near, far],
      [far, near],
    ]) {
      const verdict = checkCase({ expectedCalls, actualCalls });
      expect(verdict.calls[1]!.actual).toBe(near);
      expect(kinds(verdict)).toEqual(["wrong_value", "wrong_value", "wrong_value"]);
    }
  });

  it("still checks order around a group: a group's call made before an earlier call is out of order", () => {
    const verdict = checkCase({
      expectedCalls: [notify, grouped("g1", employee), grouped("g1", balance)],
      actualCalls: [okEmployee, okNotify, okBalance],
      schemas,
    });
    expect(kinds(verdict)).toEqual(["wrong_order"]);
    expect(verdict.calls[1]).toMatchObject({ expected: { tool: "get_employee" }, actual: okEmployee });
  });

  it("reads a stray call between a group's calls as an extra call, not as a call out of order", () => {
    const verdict = checkCase({
      expectedCalls: [grouped("g1", employee), grouped("g1", balance)],
      actualCalls: [okBalance, okNotify, okEmployee],
      schemas,
    });
    expect(kinds(verdict)).toEqual(["extra_call"]);
  });

  it("keeps the order of calls outside a group", () => {
    const verdict = checkCase({
      expectedCalls: [employee, balance],
      actualCalls: [okBalance, okEmployee],
    });
    expect(kinds(verdict)).toEqual(["wrong_order"]);
  });
});

// Property tests: cases built from a few tools and values, so that calls share tools and mistakes are common.
const TOOLS = ["get_employee", "get_balance", "get_team"] as const;
type Spec = { tool: (typeof TOOLS)[number]; value: number };
const spec = fc.record({ tool: fc.constantFrom(...TOOLS), value: fc.integer({ min: 0, max: 2 }) });
const expectedOf = (s: Spec, group?: string): ExpectedCall => ({
  tool: s.tool,
  arguments: { id: { accepted: [`V${s.value}`], optional: false } },
  ...(group ? { group } : {}),
});
const actualOf = (s: Spec, value: JsonValue = `V${s.value}`): ActualCall => ({
  tool: s.tool,
  arguments: { id: value },
});
const fingerprint = (verdict: CaseVerdict) => ({
  passed: verdict.passed,
  count: verdict.errors.length,
  kinds: verdict.errors.map((error) => error.subKind).sort(),
});

/** A case: ordered calls, a group, ordered calls; the run answers each in place, the group's calls as `block`. */
const groupCase = fc
  .record({
    before: fc.array(spec, { maxLength: 2 }),
    group: fc.array(spec, { minLength: 2, maxLength: 4 }),
    after: fc.array(spec, { maxLength: 2 }),
    wrong: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    drop: fc.option(fc.nat(3)),
    spare: fc.option(fc.nat(3)),
  })
  .map(({ before, group, after, wrong, drop, spare }) => {
    const block = group.map((s, k) => actualOf(s, wrong[k] ? "wrong" : `V${s.value}`));
    if (spare !== null) block.push(actualOf(group[spare % group.length]!));
    if (drop !== null && block.length > 2) block.splice(drop % block.length, 1);
    return {
      expectedCalls: [
        ...before.map((s) => expectedOf(s)),
        ...group.map((s) => expectedOf(s, "g1")),
        ...after.map((s) => expectedOf(s)),
      ],
      before: before.map((s) => actualOf(s)),
      block,
      after: after.map((s) => actualOf(s)),
    };
  });

describe("checkCase: order-free groups, properties", () => {
  it("gives the same passed flag, error count and error kinds whatever the order of a group's calls", () => {
    fc.assert(
      fc.property(
        groupCase.chain((c) =>
          fc.record({ c: fc.constant(c), order: fc.shuffledSubarray(c.block, { minLength: c.block.length }) }),
        ),
        ({ c, order }) => {
          const made = checkCase({
            expectedCalls: c.expectedCalls,
            actualCalls: [...c.before, ...c.block, ...c.after],
          });
          const shuffled = checkCase({
            expectedCalls: c.expectedCalls,
            actualCalls: [...c.before, ...order, ...c.after],
          });
          expect(fingerprint(shuffled)).toEqual(fingerprint(made));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("puts every expected call in exactly one row and every call made in exactly one, and passes only without errors", () => {
    const anyCase = fc.record({
      expected: fc.array(fc.record({ s: spec, joinAbove: fc.boolean() }), { maxLength: 7 }),
      actual: fc.array(fc.record({ s: spec, wrong: fc.boolean() }), { maxLength: 8 }),
      groups: fc.boolean(),
    });
    fc.assert(
      fc.property(anyCase, ({ expected, actual, groups }) => {
        // With `groups`, a call joins the group of the call above it (labels g0, g1…), as the case editor builds them.
        let label = 0;
        const expectedCalls = expected.map(({ s, joinAbove }, index) => {
          if (!groups || index === 0 || !joinAbove) label++;
          const shared = groups && (joinAbove || expected[index + 1]?.joinAbove === true);
          return expectedOf(s, shared ? `g${label}` : undefined);
        });
        const actualCalls = actual.map(({ s, wrong }) => actualOf(s, wrong ? "wrong" : `V${s.value}`));
        const verdict = checkCase({ expectedCalls, actualCalls });
        for (const e of expectedCalls) expect(verdict.calls.filter((row) => row.expected === e)).toHaveLength(1);
        for (const a of actualCalls) expect(verdict.calls.filter((row) => row.actual === a)).toHaveLength(1);
        expect(verdict.calls.every((row) => row.expected || row.actual)).toBe(true);
        expect(verdict.calls.map((row) => row.index)).toEqual(verdict.calls.map((_, index) => index));
        expect(verdict.passed).toBe(verdict.errors.length === 0);
        expect(verdict.passed).toBe(verdict.calls.every((row) => row.passed));
      }),
      { numRuns: 2000 },
    );
  });

  it("passes a group of distinct calls with the right arguments made in any order", () => {
    const distinct = fc.uniqueArray(spec, { minLength: 2, maxLength: 5, selector: (s) => `${s.tool}/${s.value}` });
    fc.assert(
      fc.property(
        distinct.chain((group) =>
          fc.record({ group: fc.constant(group), order: fc.shuffledSubarray(group, { minLength: group.length }) }),
        ),
        fc.array(spec, { maxLength: 2 }),
        ({ group, order }, after) => {
          const verdict = checkCase({
            expectedCalls: [...group.map((s) => expectedOf(s, "lookups")), ...after.map((s) => expectedOf(s))],
            actualCalls: [...order.map((s) => actualOf(s)), ...after.map((s) => actualOf(s))],
          });
          expect(verdict.errors).toEqual([]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("still fails an ordered pair of calls made in reverse order with a wrong order", () => {
    const pair = fc.uniqueArray(spec, { minLength: 2, maxLength: 2, selector: (s) => s.tool });
    fc.assert(
      fc.property(pair, fc.array(spec, { minLength: 2, maxLength: 3 }), ([first, second], group) => {
        const verdict = checkCase({
          expectedCalls: [...group.map((s) => expectedOf(s, "g1")), expectedOf(first!), expectedOf(second!)],
          actualCalls: [...group.map((s) => actualOf(s)), actualOf(second!), actualOf(first!)],
        });
        expect(verdict.passed).toBe(false);
        expect(kinds(verdict)).toContain("wrong_order");
      }),
      { numRuns: 1000 },
    );
  });
});
