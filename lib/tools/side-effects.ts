/**
 * Which tools change data (issue #29): one rule, used by the evaluation sandbox, "try it" and the pages. A tool only
 * reads when its MCP annotations say `readOnlyHint: true`; anything else counts as changing data, a tool without
 * annotations included (MCP's own default for `readOnlyHint` is false). An admin may override the annotations per
 * tool (`tool_policy`); clearing the override goes back to them. Browser-safe and pure.
 */

export const SIDE_EFFECTS = ["read_only", "writes"] as const;
/** "read_only": calls only read; "writes": a call may change data (or reach the outside world). */
export type SideEffects = (typeof SIDE_EFFECTS)[number];

/**
 * Why the rule says what it says: the tool's `readOnlyHint` (true or false), no `readOnlyHint` at all, or an
 * admin's override.
 */
export type SideEffectsBasis = "annotation" | "unannotated" | "admin";

export type ToolSideEffects = {
  sideEffects: SideEffects;
  basis: SideEffectsBasis;
  /** What the tool's own annotations say, whatever the override: true only for `readOnlyHint: true`. */
  declaresReadOnly: boolean;
};

/** The MCP `readOnlyHint` of a tool's annotations: true, false, or undefined when it says nothing. */
export function readOnlyHintOf(annotations: unknown): boolean | undefined {
  if (typeof annotations !== "object" || annotations === null || Array.isArray(annotations)) return undefined;
  const hint = (annotations as { readOnlyHint?: unknown }).readOnlyHint;
  return typeof hint === "boolean" ? hint : undefined;
}

/** Whether a tool's annotations declare it read-only (`readOnlyHint: true`, nothing else counts). */
export const declaresReadOnly = (annotations: unknown): boolean => readOnlyHintOf(annotations) === true;

/** Reads a stored override; anything but the two known values is no override. */
export function readSideEffectsOverride(value: string | null | undefined): SideEffects | null {
  return value === "read_only" || value === "writes" ? value : null;
}

/**
 * The rule: an admin's override when there is one, else read-only exactly when the annotations say
 * `readOnlyHint: true`; a tool that says nothing, or says false, changes data.
 */
export function toolSideEffects(annotations: unknown, override: SideEffects | null | undefined): ToolSideEffects {
  const hint = readOnlyHintOf(annotations);
  const declared = hint === true;
  if (override) return { sideEffects: override, basis: "admin", declaresReadOnly: declared };
  return {
    sideEffects: declared ? "read_only" : "writes",
    basis: hint === undefined ? "unannotated" : "annotation",
    declaresReadOnly: declared,
  };
}

/** The rule's verdict in two words, as the Tools page and the case editor label a tool. */
export const sideEffectsLabel = (effects: Pick<ToolSideEffects, "sideEffects">): string =>
  effects.sideEffects === "read_only" ? "Read-only" : "Changes data";

/** Why the rule says so, in a sentence. */
export function sideEffectsReason(effects: ToolSideEffects): string {
  switch (effects.basis) {
    case "admin":
      return effects.sideEffects === "read_only"
        ? "An admin marked it read-only, whatever its annotations say."
        : "An admin marked it as changing data, whatever its annotations say.";
    case "annotation":
      return effects.sideEffects === "read_only"
        ? "Its server declares it read-only (readOnlyHint: true)."
        : "Its server declares that it changes data (readOnlyHint: false).";
    case "unannotated":
      return "Its server does not declare it read-only (no readOnlyHint), so it counts as changing data.";
  }
}
