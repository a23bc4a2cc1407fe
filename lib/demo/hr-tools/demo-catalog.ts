import type { ToolDefinition } from "../../routine";
import type { ToolCatalog } from "../../tools";
import { PAY_AND_GROWTH_TOOLS } from "./pay-and-growth";
import { PEOPLE_TOOLS } from "./people";
import { REPORTS_AND_MESSAGES_TOOLS } from "./reports-and-messages";
import { TIME_OFF_TOOLS } from "./time-off";

export { DEMO_HR_SERVER } from "./params";

/**
 * The built-in demo catalog: 25 HR tools on server "hr", modelled on the HR assistant of the Routine paper
 * (whose MCP server held 25 HR tools). A later MCP server serves exactly these names and parameters.
 */
export const DEMO_HR_TOOLS: ToolDefinition[] = [
  ...PEOPLE_TOOLS,
  ...TIME_OFF_TOOLS,
  ...PAY_AND_GROWTH_TOOLS,
  ...REPORTS_AND_MESSAGES_TOOLS,
];

/** The demo tools as a catalog; each call returns fresh copies, so callers cannot change the catalog. */
export const demoToolCatalog: ToolCatalog = {
  listTools: async () => structuredClone(DEMO_HR_TOOLS),
};
