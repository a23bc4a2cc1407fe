import type { JsonValue } from "../../routine";
import type { ActualCall, ExpectedCall } from "./case-schema";
import { checkCall, type ToolSchemas } from "./check-call";

/**
 * The checker's side of order-free call groups (decision 0018, "Order-free groups"). A group is one unit of the
 * alignment: it matches a window of consecutive actual calls whose tools all belong to it, scored by how many of
 * its calls the window can answer; inside the window its calls are paired order-free (BFCL's parallel checker, but
 * with a maximum matching instead of the first match that passes).
 */

/** How many calls of each tool a group expects. */
export function toolCounts(members: readonly number[], expected: readonly ExpectedCall[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const index of members) counts.set(expected[index]!.tool, (counts.get(expected[index]!.tool) ?? 0) + 1);
  return counts;
}

/**
 * The best window for a group starting at actual call `start`: the window's calls all use the group's tools; its
 * value is the calls of the group it answers (the multiset intersection of tool names) plus `after[end]`, the best
 * alignment of the rest. Ties go to the longer window, so an order-free pairing sees every candidate. Width 0: no
 * window (the call at `start` is not one of the group's tools).
 */
export function bestWindow(
  counts: ReadonlyMap<string, number>,
  actual: readonly ActualCall[],
  start: number,
  after: readonly number[],
): { width: number; value: number } {
  const used = new Map<string, number>();
  let score = 0;
  let best = { width: 0, value: -1 };
  for (let end = start; end < actual.length && counts.has(actual[end]!.tool); end++) {
    const tool = actual[end]!.tool;
    const taken = used.get(tool) ?? 0;
    if (taken < counts.get(tool)!) score++;
    used.set(tool, taken + 1);
    const value = score + after[end + 1]!;
    if (value >= best.value) best = { width: end - start + 1, value };
  }
  return best;
}

/** A value as text with its object keys sorted: the same arguments give the same text, whatever their order. */
function canonical(value: JsonValue | undefined): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

export type WindowPairing = {
  /** Expected call → the actual call paired with it. */
  pairs: Map<number, number>;
  /** The group's calls the window does not answer, in expected order. */
  expected: number[];
  /** The window's calls no group call takes, in the order they were made. */
  actual: number[];
};

/**
 * Pairs a group's expected calls with the actual calls of its window, order-free. Per tool: a maximum bipartite
 * matching (augmenting paths) over the pairs that pass `checkCall`, so a valid pairing is found whenever one
 * exists; then the rest of the tool's calls, fewest errors first, so each wrong call reports its errors against
 * the expected call it is closest to. Candidates are visited in the order of their arguments, never in the order
 * they were made: permuting the window's calls cannot change the verdict.
 */
export function pairWindow(
  members: readonly number[],
  window: readonly number[],
  expectedCalls: readonly ExpectedCall[],
  actualCalls: readonly ActualCall[],
  schemas: ToolSchemas | undefined,
): WindowPairing {
  const pairs = new Map<number, number>();
  const keys = new Map(window.map((a) => [a, canonical(actualCalls[a]!.arguments)]));
  const byArguments = (x: number, y: number) => {
    const kx = keys.get(x)!;
    const ky = keys.get(y)!;
    return kx < ky ? -1 : kx > ky ? 1 : x - y;
  };
  for (const tool of new Set(members.map((e) => expectedCalls[e]!.tool))) {
    const expected = members.filter((e) => expectedCalls[e]!.tool === tool);
    const actual = window.filter((a) => actualCalls[a]!.tool === tool).sort(byArguments);
    const errors = new Map<number, number[]>(
      expected.map((e) => [e, actual.map((a) => checkCall(expectedCalls[e]!, actualCalls[a]!, schemas).errors.length)]),
    );
    // Maximum matching over passing pairs (Kuhn's augmenting paths).
    const owner = new Map<number, number>(); // actual position in `actual` → expected call
    const augment = (e: number, seen: Set<number>): boolean => {
      for (let k = 0; k < actual.length; k++) {
        if (errors.get(e)![k] !== 0 || seen.has(k)) continue;
        seen.add(k);
        const holder = owner.get(k);
        if (holder === undefined || augment(holder, seen)) {
          owner.set(k, e);
          return true;
        }
      }
      return false;
    };
    for (const e of expected) augment(e, new Set());
    const freeExpected = new Set(expected.filter((e) => ![...owner.values()].includes(e)));
    const freeActual = new Set(actual.map((_, k) => k).filter((k) => !owner.has(k)));
    // The rest, fewest errors first; ties in expected order, then in the order of the arguments.
    const rest = [...freeExpected]
      .flatMap((e) => [...freeActual].map((k) => ({ e, k, cost: errors.get(e)![k]! })))
      .sort((x, y) => x.cost - y.cost || expected.indexOf(x.e) - expected.indexOf(y.e) || x.k - y.k);
    for (const { e, k } of rest) {
      if (!freeExpected.has(e) || !freeActual.has(k)) continue;
      owner.set(k, e);
      freeExpected.delete(e);
      freeActual.delete(k);
    }
    for (const [k, e] of owner) pairs.set(e, actual[k]!);
  }
  const taken = new Set(pairs.values());
  return {
    pairs,
    expected: members.filter((e) => !pairs.has(e)),
    actual: window.filter((a) => !taken.has(a)),
  };
}
