/**
 * Order-free call groups (decision 0018, "Order-free groups"): consecutive expected calls with the same `group`
 * label may be made in any order, as a model sends independent calls in one turn. This file holds the rules a
 * case's groups must follow; the checker's side is call-groups.ts. It imports nothing from the case schema, which
 * uses it.
 */

/** The longest group label. */
export const GROUP_LABEL_MAX = 40;

type Grouped = { group?: string | undefined };

const numbers = (indexes: readonly number[]) => {
  const shown = indexes.map((index) => index + 1);
  if (shown.length === 1) return `Call ${shown[0]}`;
  return `Calls ${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
};

/**
 * What is wrong with a case's groups, one sentence each: a label reused after other calls (a group's calls must be
 * next to each other), or a group of one call (nothing to reorder). Empty when the groups are sound.
 */
export function callGroupProblems(expectedCalls: readonly Grouped[]): string[] {
  const problems: string[] = [];
  // Each label's runs of consecutive calls, in order.
  const runs = new Map<string, number[][]>();
  expectedCalls.forEach((call, index) => {
    const label = call.group;
    if (label === undefined) return;
    const list = runs.get(label) ?? [];
    const last = list[list.length - 1];
    if (last && last[last.length - 1] === index - 1) last.push(index);
    else list.push([index]);
    runs.set(label, list);
  });
  for (const [label, list] of runs) {
    if (list.length > 1) {
      // Name the last call of one run and the first of the next: the two calls that should be neighbours.
      for (let k = 1; k < list.length; k++) {
        const before = list[k - 1]![list[k - 1]!.length - 1]!;
        const after = list[k]![0]!;
        problems.push(
          `${numbers([before, after])} share the group "${label}" but are not next to each other: a group's calls must be consecutive.`,
        );
      }
      continue;
    }
    const only = list[0]!;
    if (only.length === 1)
      problems.push(
        `${numbers(only)} is alone in the group "${label}": a group holds two or more consecutive calls that may be made in any order.`,
      );
  }
  return problems;
}

/** The expected calls' groups as runs of indexes: each group's consecutive calls, or one call outside any group. */
export function callUnits(expectedCalls: readonly Grouped[]): number[][] {
  const units: number[][] = [];
  expectedCalls.forEach((call, index) => {
    const last = units[units.length - 1];
    const previous = expectedCalls[index - 1];
    if (last && call.group !== undefined && previous?.group === call.group) last.push(index);
    else units.push([index]);
  });
  return units;
}
