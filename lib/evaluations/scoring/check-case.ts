import type { ActualCall, ExpectedCall } from "./case-schema";
import { caseError, checkCall, ERROR_KINDS, type CallCheck, type CaseError, type ToolSchemas } from "./check-call";
import { normalizeString } from "./normalize";

/** A case checked: each expected call beside the call made in its place, the branch path, and every error. */
export type CaseVerdict = {
  passed: boolean;
  calls: CallCheck[];
  path: { expected: string[]; actual: string[]; passed: boolean };
  errors: CaseError[];
  /** The case's one headline error kind (structural > tool_selection > parameter), null when passed */
  primary: CaseError | null;
};

type Slot = { expected: number | null; actual: number | null; moved?: boolean };

/**
 * Lines the actual calls up with the expected ones by tool name. The longest common subsequence of tool names are
 * the calls made in their place; between two of those, a call moved from elsewhere is paired with its expected call
 * (out of order), the rest are paired by position (a wrong tool), and what is left is a missing or an extra call.
 * So one dropped call reads as one missing call, not as a wrong tool at every later position.
 */
function align(expected: readonly ExpectedCall[], actual: readonly ActualCall[]): Slot[] {
  const n = expected.length;
  const m = actual.length;
  // lcs[i][j]: the longest common subsequence of expected[i..] and actual[j..], by tool name.
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i][j] = expected[i].tool === actual[j].tool ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);

  // Walk the table: anchors (same tool, in order) and, before each, the gap of unmatched calls on either side.
  const gaps: { expected: number[]; actual: number[] }[] = [{ expected: [], actual: [] }];
  const anchors: Slot[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const gap = gaps[gaps.length - 1];
    if (i < n && j < m && expected[i].tool === actual[j].tool) {
      anchors.push({ expected: i++, actual: j++ });
      gaps.push({ expected: [], actual: [] });
    } else if (j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1])) gap.expected.push(i++);
    else gap.actual.push(j++);
  }

  // A call made in another gap than its expected one, with the same tool: the same call, out of order.
  const movedFrom = new Map<number, number>();
  const taken = new Set<number>();
  const unmatchedActual = gaps.flatMap((gap) => gap.actual);
  for (const gap of gaps)
    for (const e of gap.expected) {
      const a = unmatchedActual.find((index) => !taken.has(index) && actual[index].tool === expected[e].tool);
      if (a === undefined) continue;
      movedFrom.set(e, a);
      taken.add(a);
    }

  const slots: Slot[] = [];
  gaps.forEach((gap, k) => {
    const others = gap.actual.filter((a) => !taken.has(a));
    for (const e of gap.expected) {
      const moved = movedFrom.get(e);
      if (moved !== undefined) slots.push({ expected: e, actual: moved, moved: true });
      else slots.push({ expected: e, actual: others.shift() ?? null });
    }
    for (const a of others) slots.push({ expected: null, actual: a });
    if (k < anchors.length) slots.push(anchors[k]);
  });
  return slots;
}

function checkSlot(
  slot: Slot,
  index: number,
  expectedCalls: readonly ExpectedCall[],
  actualCalls: readonly ActualCall[],
  schemas: ToolSchemas | undefined,
): CallCheck {
  const expected = slot.expected === null ? null : expectedCalls[slot.expected];
  const actual = slot.actual === null ? null : actualCalls[slot.actual];
  if (expected && !actual) {
    const error = caseError("missing_call", index, `Expected a call to ${expected.tool}; the run made none here.`, {
      tool: expected.tool,
    });
    return { index, expected, actual: null, passed: false, errors: [error] };
  }
  if (actual && !expected) {
    const error = caseError("extra_call", index, `The run called ${actual.tool}, which the case does not expect.`, {
      tool: actual.tool,
    });
    return { index, expected: null, actual, passed: false, errors: [error] };
  }
  const check = checkCall(expected!, actual!, schemas);
  const errors: CaseError[] = check.errors.map((error) => ({ ...error, callIndex: index }));
  if (slot.moved)
    errors.unshift(
      caseError(
        "wrong_order",
        index,
        `${expected!.tool} was called out of order: expected as call ${slot.expected! + 1}, made as call ${slot.actual! + 1}.`,
        { tool: expected!.tool },
      ),
    );
  return { index, expected, actual, passed: errors.length === 0, errors };
}

function checkPath(expected: string[], actual: string[]): { passed: boolean; error: CaseError | null } {
  // A case that names no path does not constrain it, as an argument with no accepted values takes any value.
  if (expected.length === 0) return { passed: true, error: null };
  const same =
    expected.length === actual.length &&
    expected.every((label, index) => normalizeString(label) === normalizeString(actual[index]));
  if (same) return { passed: true, error: null };
  const show = (labels: string[]) => (labels.length === 0 ? "no branch" : labels.map((l) => `"${l}"`).join(" → "));
  return {
    passed: false,
    error: caseError("wrong_path", null, `Expected the path ${show(expected)}; the run took ${show(actual)}.`),
  };
}

/** The first error of the most severe kind. */
function headline(errors: readonly CaseError[]): CaseError | null {
  for (const kind of ERROR_KINDS) {
    const found = errors.find((error) => error.kind === kind);
    if (found) return found;
  }
  return null;
}

/**
 * Checks a case: the run's calls against the expected calls, matched in order (see {@link align}), and the branch
 * path taken against the expected path (labels compared normalized; an empty expected path is not checked). The
 * case passes only when every call and the path pass.
 */
export function checkCase(input: {
  expectedCalls: ExpectedCall[];
  actualCalls: ActualCall[];
  expectedPath?: string[];
  actualPath?: string[];
  schemas?: ToolSchemas;
}): CaseVerdict {
  const { expectedCalls, actualCalls, schemas } = input;
  const calls = align(expectedCalls, actualCalls).map((slot, index) =>
    checkSlot(slot, index, expectedCalls, actualCalls, schemas),
  );
  const expectedPath = input.expectedPath ?? [];
  const actualPath = input.actualPath ?? [];
  const path = checkPath(expectedPath, actualPath);
  const errors = calls.flatMap((call) => call.errors);
  if (path.error) errors.push(path.error);
  return {
    passed: errors.length === 0,
    calls,
    path: { expected: expectedPath, actual: actualPath, passed: path.passed },
    errors,
    primary: headline(errors),
  };
}
