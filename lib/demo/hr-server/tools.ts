import type { ToolDefinition } from "../../routine";
import { DEMO_HR_TOOLS } from "../hr-tools";
import { HrToolError } from "./errors";
import { ATTENDANCE_HANDLERS } from "./handlers/attendance";
import { DOCUMENT_HANDLERS } from "./handlers/documents";
import { GROWTH_HANDLERS } from "./handlers/growth";
import { LEAVE_HANDLERS } from "./handlers/leave";
import { PAY_HANDLERS } from "./handlers/pay";
import { PEOPLE_HANDLERS } from "./handlers/people";
import { PERMISSION_HANDLERS } from "./handlers/permissions";
import { REPORT_HANDLERS } from "./handlers/reports";
import type { HrToolAnnotations, HrToolHandler } from "./handlers/tool-kit";
import type { HrStore } from "./store";
import { argumentProblems } from "./validate-arguments";

/** Where a client puts the idempotency key of a call: the request's `_meta`, since the tool schemas have no such parameter. */
export const IDEMPOTENCY_META_KEY = "io.routine-studio/idempotency-key";
/** Also accepted as an argument, for clients that cannot set `_meta`; it is removed before validation. */
export const IDEMPOTENCY_ARGUMENT = "idempotency_key";
/** Set in a result's `_meta` when it is the remembered answer to an earlier call with the same key. */
export const IDEMPOTENT_REPLAY_META_KEY = "io.routine-studio/idempotent-replay";

const HANDLERS = new Map<string, HrToolHandler>(
  [
    ...PEOPLE_HANDLERS,
    ...PERMISSION_HANDLERS,
    ...LEAVE_HANDLERS,
    ...ATTENDANCE_HANDLERS,
    ...PAY_HANDLERS,
    ...GROWTH_HANDLERS,
    ...DOCUMENT_HANDLERS,
    ...REPORT_HANDLERS,
  ].map((handler) => [handler.name, handler]),
);
const DEFINITIONS = new Map(DEMO_HR_TOOLS.map((tool) => [tool.name, tool]));

for (const tool of DEMO_HR_TOOLS)
  if (!HANDLERS.has(tool.name)) throw new Error(`Demo HR tool ${tool.name} has no handler`);
for (const name of HANDLERS.keys())
  if (!DEFINITIONS.has(name)) throw new Error(`Handler ${name} is not in DEMO_HR_TOOLS`);

/** A tool as the MCP server lists it: the catalog's name, description and input schema, plus hints. */
export type ListedHrTool = {
  name: string;
  title: string;
  description: string;
  inputSchema: ToolDefinition["inputSchema"];
  outputSchema?: HrToolHandler["outputSchema"];
  annotations: HrToolAnnotations;
};

/** The 25 demo tools in catalog order, with schemas exactly as DEMO_HR_TOOLS declares them. */
export function listHrTools(): ListedHrTool[] {
  return DEMO_HR_TOOLS.map((tool) => {
    const handler = HANDLERS.get(tool.name)!;
    return {
      name: tool.name,
      title: handler.annotations.title,
      description: tool.description,
      inputSchema: structuredClone(tool.inputSchema),
      ...(handler.outputSchema ? { outputSchema: structuredClone(handler.outputSchema) } : {}),
      annotations: { ...handler.annotations },
    };
  });
}

export type HrCallOutcome =
  | { kind: "result"; result: Record<string, unknown>; replayed: boolean; structured: boolean }
  | { kind: "tool-error"; message: string }
  | { kind: "unknown-tool"; message: string };

/**
 * Runs one tool call: validates the arguments, then runs the handler on the store. A side-effect call with an
 * idempotency key (from `meta[IDEMPOTENCY_META_KEY]` or the `idempotency_key` argument) runs once per tool and key:
 * a repeat with the same arguments answers the first result without running again; a repeat with other arguments
 * is refused. Only successes are remembered, so a failed call can be retried under the same key.
 */
export function callHrTool(
  store: HrStore,
  name: string,
  rawArgs: unknown,
  meta?: Record<string, unknown>,
): HrCallOutcome {
  const handler = HANDLERS.get(name);
  const definition = DEFINITIONS.get(name);
  if (!handler || !definition)
    return {
      kind: "unknown-tool",
      message: `Unknown tool: ${name}. The demo HR server has ${HANDLERS.size} tools; call tools/list to see them.`,
    };
  if (rawArgs !== undefined && (typeof rawArgs !== "object" || rawArgs === null || Array.isArray(rawArgs))) {
    return { kind: "tool-error", message: `Invalid arguments for ${name}: arguments must be an object.` };
  }
  const { [IDEMPOTENCY_ARGUMENT]: argumentKey, ...args } = (rawArgs ?? {}) as Record<string, unknown>;
  try {
    const key = idempotencyKey(meta?.[IDEMPOTENCY_META_KEY], argumentKey);
    const problems = argumentProblems(definition, args);
    if (problems) return { kind: "tool-error", message: problems };
    const structured = handler.outputSchema !== undefined;
    if (!handler.sideEffect || key === undefined)
      return { kind: "result", result: handler.run(args, store), replayed: false, structured };
    const slot = `${name}\u0000${key}`;
    const fingerprint = stableJson(args);
    const earlier = store.idempotency.get(slot);
    if (earlier && earlier.fingerprint !== fingerprint) {
      throw new HrToolError(
        `Idempotency key "${key}" was already used for a ${name} call with other arguments; use a new key for a new request.`,
      );
    }
    if (earlier)
      return {
        kind: "result",
        result: structuredClone(earlier.result) as Record<string, unknown>,
        replayed: true,
        structured,
      };
    const result = handler.run(args, store);
    const counted = store.sideEffects.get(slot) ?? { tool: name, idempotencyKey: key, count: 0 };
    store.sideEffects.set(slot, { ...counted, count: counted.count + 1 });
    store.idempotency.set(slot, { fingerprint, result: structuredClone(result) });
    return { kind: "result", result, replayed: false, structured };
  } catch (error) {
    if (error instanceof HrToolError) return { kind: "tool-error", message: error.message };
    throw error;
  }
}

function idempotencyKey(fromMeta: unknown, fromArgument: unknown): string | undefined {
  for (const [where, value] of [
    [`_meta["${IDEMPOTENCY_META_KEY}"]`, fromMeta],
    [`argument ${IDEMPOTENCY_ARGUMENT}`, fromArgument],
  ] as const) {
    if (value !== undefined && (typeof value !== "string" || value.length === 0 || value.length > 200)) {
      throw new HrToolError(`The idempotency key in ${where} must be a non-empty string of at most 200 characters.`);
    }
  }
  if (fromMeta !== undefined && fromArgument !== undefined && fromMeta !== fromArgument) {
    throw new HrToolError(
      `Two different idempotency keys were given (_meta and argument ${IDEMPOTENCY_ARGUMENT}); give one.`,
    );
  }
  return (fromMeta ?? fromArgument) as string | undefined;
}

/** JSON with object keys sorted, so the same arguments in another order count as the same call. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}
