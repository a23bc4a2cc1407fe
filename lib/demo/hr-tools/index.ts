// The demo HR tools as a catalog: the definitions the demo HR server serves, for demo routines and the editor benchmark.
export { DEMO_HR_SERVER, DEMO_HR_TOOLS, demoToolCatalog } from "./demo-catalog";
