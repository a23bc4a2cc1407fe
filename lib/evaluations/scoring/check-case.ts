import type { ActualCall, ExpectedCall } from "./case-schema";
import { callUnits } from "./call-group-rules";
import { bestWindow, pairWindow, toolCounts } from "./call-groups";
import { caseError, checkCall, ERROR_KINDS, type CallCheck, type CaseError, type ToolSchemas } from "./check-call";
import { normalizeString } from "./normalize";

/** A stored verdict (JSON text) read back; null when there is none or it does not parse. */
export function readStoredVerdict(text: string | null): CaseVerdict | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as CaseVerdict;
  } catch {
    return null;
  }
}

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
/** Calls made in their place: one expected call and its actual call, or a group and the window it matched. */
type Anchor = { expected: number[]; actual: number[] };

/**
 * Lines the actual calls up with the expected ones by tool name. The longest common subsequence of tool names are
 * the calls made in their place; between two of those, a call moved from elsewhere is paired with its expected call
 * (out of order), the rest are paired by position (a wrong tool), and what is left is a missing or an extra call.
 * So one dropped call reads as one missing call, not as a wrong tool at every later position.
 *
 * An order-free group (consecutive expected calls sharing a `group` label) is one unit of the subsequence: it
 * matches a window of consecutive actual calls of its tools, scored by how many of its calls the window answers,
 * and is paired inside the window order-free (call-groups.ts). Order around a group is checked as around a call.
 */
function align(
  expected: readonly ExpectedCall[],
  actual: readonly ActualCall[],
  schemas: ToolSchemas | undefined,
): Slot[] {
  const units = callUnits(expected);
  const n = units.length;
  const m = actual.length;
  // lcs[i][j]: the longest common subsequence of units[i..] and actual[j..], by tool name (a group counts the calls
  // its window answers); width[i][j]: the window a group unit takes at j when taking it is best (0: none).
  const lcs = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  const width = Array.from({ length: n }, () => new Array<number>(m).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    const unit = units[i]!;
    const counts = unit.length > 1 ? toolCounts(unit, expected) : null;
    for (let j = m - 1; j >= 0; j--) {
      if (!counts) {
        const tool = expected[unit[0]!]!.tool;
        lcs[i][j] = tool === actual[j].tool ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
        continue;
      }
      const skip = Math.max(lcs[i + 1][j], lcs[i][j + 1]);
      const window = bestWindow(counts, actual, j, lcs[i + 1]);
      if (window.width > 0 && window.value >= skip) width[i][j] = window.width;
      lcs[i][j] = Math.max(skip, window.value);
    }
  }

  // Walk the table: anchors (same tool, in order) and, before each, the gap of unmatched calls on either side.
  const gaps: { expected: number[]; actual: number[] }[] = [{ expected: [], actual: [] }];
  const anchors: Anchor[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    const gap = gaps[gaps.length - 1];
    const unit = i < n ? units[i]! : [];
    const take =
      i < n && j < m ? (unit.length > 1 ? width[i][j] : expected[unit[0]!]!.tool === actual[j].tool ? 1 : 0) : 0;
    if (take > 0) {
      anchors.push({ expected: unit, actual: Array.from({ length: take }, (_, k) => j + k) });
      gaps.push({ expected: [], actual: [] });
      i++;
      j += take;
    } else if (j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1])) {
      gap.expected.push(...unit);
      i++;
    } else gap.actual.push(j++);
  }

  // Inside each group's window, its calls paired order-free; what is left joins the unmatched calls below.
  const windows = anchors.map((anchor) =>
    anchor.expected.length > 1 ? pairWindow(anchor.expected, anchor.actual, expected, actual, schemas) : null,
  );

  // A call made in another gap than its expected one, with the same tool: the same call, out of order. A group's
  // call made just outside its window (a stray call between) is in its place: it pairs without a wrong order.
  const movedFrom = new Map<number, { actual: number; moved: boolean }>();
  const taken = new Set<number>();
  const unmatchedActual = [...gaps.flatMap((gap) => gap.actual), ...windows.flatMap((w) => w?.actual ?? [])].sort(
    (x, y) => x - y,
  );
  const pair = (e: number, candidates: readonly number[], moved: boolean) => {
    const a = candidates.find((index) => !taken.has(index) && actual[index].tool === expected[e].tool);
    if (a === undefined) return false;
    movedFrom.set(e, { actual: a, moved });
    taken.add(a);
    return true;
  };
  gaps.forEach((gap, k) => {
    for (const e of gap.expected) pair(e, unmatchedActual, true);
    const near = [...gap.actual, ...(gaps[k + 1]?.actual ?? [])];
    for (const e of windows[k]?.expected ?? []) if (!pair(e, near, false)) pair(e, unmatchedActual, true);
  });

  const slots: Slot[] = [];
  const expectedSlot = (e: number, fallback: number | null): Slot => {
    const from = movedFrom.get(e);
    return from ? { expected: e, actual: from.actual, moved: from.moved } : { expected: e, actual: fallback };
  };
  gaps.forEach((gap, k) => {
    const others = gap.actual.filter((a) => !taken.has(a));
    for (const e of gap.expected)
      slots.push(movedFrom.has(e) ? expectedSlot(e, null) : { expected: e, actual: others.shift() ?? null });
    for (const a of others) slots.push({ expected: null, actual: a });
    if (k >= anchors.length) return;
    const window = windows[k];
    if (!window) {
      slots.push({ expected: anchors[k].expected[0]!, actual: anchors[k].actual[0]! });
      return;
    }
    // A group's rows keep its expected order, each with the call paired with it; the window's spare calls after.
    for (const e of anchors[k].expected) slots.push(expectedSlot(e, window.pairs.get(e) ?? null));
    for (const a of window.actual) if (!taken.has(a)) slots.push({ expected: null, actual: a });
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
  const calls = align(expectedCalls, actualCalls, schemas).map((slot, index) =>
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
