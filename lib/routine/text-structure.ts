import { hasCapability } from "./kinds";
import type { StepKind } from "./schema";

/** Where a step sits in the paper text: `Step 4.` on the main line, or `Branch 4-2 Step 1.` inside a branch. */
export type Label = { type: "main"; n: number } | { type: "branch"; n: number; k: number; i: number };

export function formatLabel(label: Label): string {
  return label.type === "main" ? `Step ${label.n}` : `Branch ${label.n}-${label.k} Step ${label.i}`;
}

export function labelKey(label: Label): string {
  return label.type === "main" ? `${label.n}` : `${label.n}-${label.k}-${label.i}`;
}

/** The id the parser gives a step written without `[id: …]`: s4 for Step 4, b4_1_2 for Branch 4-1 Step 2. */
export function generatedStepId(label: Label): string {
  return label.type === "main" ? `s${label.n}` : `b${label.n}_${label.k}_${label.i}`;
}

/** The id of an edge written without `id:`; the renderer leaves out ids equal to this. */
export function defaultEdgeId(source: string, target: string): string {
  const id = `${source}-${target}`;
  if (id.length <= 64) return id;
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return `e-${hash.toString(36)}`;
}

export type LabelCheck = { error?: string; warning?: string; branchStart: boolean };

/**
 * Checks that labels come in paper order (Step 1, its branches, Step 2, …) and says whether a branch line opens its
 * branch (that line's "If …" is the branch condition).
 */
export class LabelTracker {
  private lastMain = 0;
  private seenMains = new Set<number>();
  private branchK = 0;
  private branchI = 0;
  private seenK = new Set<number>();

  check(label: Label): LabelCheck {
    if (label.type === "main") return this.checkMain(label.n);
    const { n, k, i } = label;
    const name = `Branch ${n}-${k}`;
    if (this.seenMains.size === 0) {
      return {
        branchStart: false,
        error: `${name} comes before any step: put it right under Step ${n}, the step that checks the condition.`,
      };
    }
    if (n !== this.lastMain) {
      const where = this.seenMains.has(n)
        ? `it must come right after Step ${n}, before Step ${this.lastMain}`
        : `there is no Step ${n} above it`;
      return {
        branchStart: false,
        error: `${name} belongs under Step ${n}, but ${where} (the step above is Step ${this.lastMain}).`,
      };
    }
    if (k === this.branchK) {
      if (i <= this.branchI) {
        return {
          branchStart: false,
          error: `${name} Step ${i} comes after ${name} Step ${this.branchI}: number each branch's steps in order, each number once.`,
        };
      }
      const warning = i === this.branchI + 1 ? undefined : `${name} jumps from Step ${this.branchI} to Step ${i}.`;
      this.branchI = i;
      return { branchStart: false, warning };
    }
    if (this.seenK.has(k) || k < this.branchK) {
      return {
        branchStart: false,
        error: `${name} appears again after Branch ${n}-${this.branchK}: keep each branch's steps together, branches in order.`,
      };
    }
    const warning = i === 1 ? undefined : `${name} starts at Step ${i}, not Step 1.`;
    this.branchK = k;
    this.branchI = i;
    this.seenK.add(k);
    return { branchStart: true, warning };
  }

  private checkMain(n: number): LabelCheck {
    const first = this.seenMains.size === 0;
    if (!first && n <= this.lastMain) {
      return {
        branchStart: false,
        error: `Step ${n} comes after Step ${this.lastMain}: number the steps in order, each number once.`,
      };
    }
    let warning: string | undefined;
    if (first && n !== 1) warning = `The first step is numbered ${n}, not 1.`;
    if (!first && n !== this.lastMain + 1)
      warning = `Step ${n} follows Step ${this.lastMain}: Step ${this.lastMain + 1} is missing.`;
    this.lastMain = n;
    this.seenMains.add(n);
    this.branchK = 0;
    this.branchI = 0;
    this.seenK.clear();
    return { branchStart: false, warning };
  }
}

/** What the default wiring needs to know of each step, in text order. */
export type SkeletonEntry = { label: Label; kind: StepKind; name: string; cond?: string; terminate: boolean };

/** Target index of "the end of the workflow" when the text has no final end step: the parser appends one. */
export const FINISH = -1;

export type DefaultEdge = { target: number; label?: string };

/**
 * The edges a step gets when it has no `[next: …]`: the paper's reading of the text.
 * - a main step goes to the next main step; a step with branch lines fans out to the first step of each branch,
 *   labelled with that step's "If …" condition (or its name);
 * - a branch line goes to the next line of its branch; a branch's last line rejoins the main line after its step;
 * - "… and terminate the workflow" (or running off the end) goes to the finish: the last main step if it is an end
 *   step, otherwise an end step the parser appends (FINISH);
 * - end steps go nowhere.
 */
export function defaultEdges(entries: readonly SkeletonEntry[]): DefaultEdge[][] {
  const mains: number[] = [];
  const branchesOf = new Map<number, number[][]>();
  const groupOf = new Map<number, number>();
  const nextInBranch = new Map<number, number>();
  let currentMain = -1;
  let currentK = Number.NaN;
  entries.forEach((entry, index) => {
    if (entry.label.type === "main") {
      mains.push(index);
      currentMain = index;
      currentK = Number.NaN;
      branchesOf.set(index, []);
      return;
    }
    const branches = branchesOf.get(currentMain);
    if (!branches) return;
    if (entry.label.k !== currentK) {
      branches.push([]);
      currentK = entry.label.k;
    }
    const branch = branches[branches.length - 1];
    if (branch.length > 0) nextInBranch.set(branch[branch.length - 1], index);
    branch.push(index);
    groupOf.set(index, currentMain);
  });
  const finish = finishIndex(entries);
  const mainPosition = new Map(mains.map((index, position) => [index, position]));
  const afterMain = (index: number): number => {
    const position = mainPosition.get(index);
    return position !== undefined && position + 1 < mains.length ? mains[position + 1] : finish;
  };

  return entries.map((entry, index): DefaultEdge[] => {
    if (hasCapability(entry.kind, "endsRun")) return [];
    if (entry.label.type === "main") {
      const branches = branchesOf.get(index) ?? [];
      if (branches.length > 0) {
        return branches.map((branch) => ({
          target: branch[0],
          label: entries[branch[0]].cond ?? entries[branch[0]].name,
        }));
      }
      return [{ target: entry.terminate ? finish : afterMain(index) }];
    }
    if (entry.terminate) return [{ target: finish }];
    const group = groupOf.get(index);
    return [{ target: nextInBranch.get(index) ?? (group === undefined ? finish : afterMain(group)) }];
  });
}

/** The step "terminate the workflow" goes to: the last main step if it is an end step, else FINISH. */
export function finishIndex(entries: readonly Pick<SkeletonEntry, "label" | "kind">[]): number {
  for (let index = entries.length - 1; index >= 0; index--) {
    if (entries[index].label.type === "main") return hasCapability(entries[index].kind, "endsRun") ? index : FINISH;
  }
  return FINISH;
}

/** Whether each main step has branch lines under it (such a step reads as a branch step). */
export function branchLineFlags(labels: readonly Label[]): boolean[] {
  const flags = labels.map(() => false);
  let currentMain = -1;
  labels.forEach((label, index) => {
    if (label.type === "main") currentMain = index;
    else if (currentMain >= 0) flags[currentMain] = true;
  });
  return flags;
}
