import type { Binding, ToolRef } from "../../routine";
import { DEMO_HR_SERVER } from "../hr-tools";

// The short forms the demo routines are written with: a demo HR tool, and where a step input's value comes from.

export const hr = (name: string): ToolRef => ({ server: DEMO_HR_SERVER, name });
export const input = (name: string): Binding => ({ from: "input", name });
export const literal = (value: string): Binding => ({ from: "literal", value });
export const model = (hint: string): Binding => ({ from: "model", hint });
/** An earlier step's output, or a field inside it: `fromStep("employee", "employee.country")`. */
export const fromStep = (stepId: string, path: string): Binding => ({ from: "step", stepId, path });
