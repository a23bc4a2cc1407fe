import type { HrStore } from "../store";
import { HrToolError } from "../errors";

/** MCP tool annotations: hints for clients about what a call does. */
export type HrToolAnnotations = {
  title: string;
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
};

/** One demo tool's behaviour; its name, description and input schema come from DEMO_HR_TOOLS. */
export type HrToolHandler = {
  name: string;
  annotations: HrToolAnnotations;
  /** Whether a call changes the store; only such calls are remembered under an idempotency key. */
  sideEffect: boolean;
  /** JSON Schema of the result, for the tools that promise a structured result. */
  outputSchema?: { type: "object"; properties: Record<string, unknown>; required?: string[] };
  /** Runs the call on already schema-validated arguments; throws HrToolError for anything the caller can fix. */
  run(args: Record<string, unknown>, store: HrStore): Record<string, unknown>;
};

type Run<A> = (args: A, store: HrStore) => Record<string, unknown>;

/** A tool that only reads. */
export function readTool<A>(
  name: string,
  title: string,
  run: Run<A>,
  outputSchema?: HrToolHandler["outputSchema"],
): HrToolHandler {
  return {
    name,
    sideEffect: false,
    outputSchema,
    annotations: { title, readOnlyHint: true, openWorldHint: false },
    run: run as HrToolHandler["run"],
  };
}

/** A tool that changes the store (or, for email, would reach the outside world). */
export function writeTool<A>(
  name: string,
  title: string,
  hints: { destructive: boolean; idempotent: boolean; openWorld?: boolean },
  run: Run<A>,
  outputSchema?: HrToolHandler["outputSchema"],
): HrToolHandler {
  return {
    name,
    sideEffect: true,
    outputSchema,
    annotations: {
      title,
      readOnlyHint: false,
      destructiveHint: hints.destructive,
      idempotentHint: hints.idempotent,
      openWorldHint: hints.openWorld ?? false,
    },
    run: run as HrToolHandler["run"],
  };
}

/** Checks an optional integer argument against its documented range and applies the default. */
export function intInRange(
  value: number | undefined,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (value < min || value > max) throw new HrToolError(`${name} must be between ${min} and ${max}; got ${value}.`);
  return value;
}

/** Matches a value against a closed list, case-insensitively; the error lists what is allowed. */
export function oneOf<T extends string>(value: string, name: string, allowed: readonly T[]): T {
  const found = allowed.find((option) => option === value.trim().toLowerCase());
  if (!found) throw new HrToolError(`${name} must be one of ${allowed.join(", ")}; got "${value}".`);
  return found;
}
