import type { ToolDefinition } from "../../routine";

/** The server the demo HR tools live on; a later MCP server serves the same tools under this name. */
export const DEMO_HR_SERVER = "hr";

type Property = NonNullable<ToolDefinition["inputSchema"]["properties"]>[string];

/** An HR tool with an object input schema; `required` lists the parameters a call must set. */
export function hrTool(
  name: string,
  description: string,
  properties: Record<string, Property>,
  required: string[] = [],
): ToolDefinition {
  return { server: DEMO_HR_SERVER, name, description, inputSchema: { type: "object", properties, required } };
}

const param = (type: string, description: string): Property => ({ type, description });
export const text = (description: string) => param("string", description);
export const integer = (description: string) => param("integer", description);
export const flag = (description: string) => param("boolean", description);
export const list = (description: string) => param("array", description);
export const date = (what: string) => text(`${what} as an ISO date, YYYY-MM-DD.`);

export const EMPLOYEE_ID = text('Employee ID, e.g. "E1024".');
export const DEPARTMENT_ID = text('Department ID, e.g. "D-ENG".');
export const LEAVE_REQUEST_ID = text('Leave request ID as returned by apply_leave, e.g. "LR-2025-0042".');
export const LEAVE_TYPE = text("Leave type: annual, sick, parental, unpaid or compassionate.");
export const PERIOD = text('Pay period as YYYY-MM, e.g. "2025-06".');
export const YEAR = integer("Calendar year, e.g. 2025; default: the current year.");
