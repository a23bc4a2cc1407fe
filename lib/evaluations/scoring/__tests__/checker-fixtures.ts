import type { JsonValue } from "../../../routine";
import type { ActualCall, ExpectedCall, ToolSchemas } from "..";

/** Tools, expected calls and calls shared by the checker's tests. */

// `items` is JSON Schema the catalog type does not spell out; the checker reads it when a tool's schema has it.
export const schemas = {
  get_employee: {
    type: "object",
    properties: {
      employee_id: { type: "string" },
      fields: { type: "array", items: { type: "string" } },
      include_history: { type: "boolean" },
    },
    required: ["employee_id"],
  },
  request_leave: {
    type: "object",
    properties: {
      employee_id: { type: "string" },
      days: { type: "number" },
      half_days: { type: "integer" },
      kind: { type: "string" },
      period: { type: "object" },
      note: { type: ["string", "null"] },
    },
    required: ["employee_id", "days"],
  },
  notify_manager: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
} as ToolSchemas;

/** An expected call: `accepted` values per argument; `"?"` before a name marks it optional. */
export function expect_(tool: string, args: Record<string, JsonValue[]> = {}): ExpectedCall {
  const entries = Object.entries(args).map(([name, accepted]) => {
    const optional = name.startsWith("?");
    return [optional ? name.slice(1) : name, { accepted, optional }] as const;
  });
  return { tool, arguments: Object.fromEntries(entries) };
}
export const call = (tool: string, args: Record<string, JsonValue> = {}): ActualCall => ({ tool, arguments: args });

export const lookup = expect_("get_employee", { employee_id: ["E-17"] });
export const leave = expect_("request_leave", { employee_id: ["E-17"], days: [3], kind: ["annual leave", "vacation"] });
export const notify = expect_("notify_manager", { message: [] });
export const okLookup = call("get_employee", { employee_id: "E-17" });
export const okLeave = call("request_leave", { employee_id: "E-17", days: 3, kind: "Annual Leave" });
export const okNotify = call("notify_manager", { message: "Ann is off next week." });
