export { groupByServer, searchTools, type ToolCatalog, type ToolGroup } from "./catalog";
export { DEMO_HR_SERVER, DEMO_HR_TOOLS, demoToolCatalog } from "../demo/demo-catalog";
