import { describe, expect, expectTypeOf, it } from "vitest";
import { STEP_KINDS } from "../../../../routine";
import { AGENT_MODE_MAPPINGS, STEP_HANDLERS } from "..";

// The type assertions are checked by tsc: were a registry typed loosely, a copy missing one kind would fit its type
// and `npx tsc` would fail here.
describe("the engine's step-kind registries", () => {
  it("hold a handler for every step kind; one without the end kind's is not a handler registry", () => {
    const { end: _end, ...withoutEnd } = STEP_HANDLERS;
    expectTypeOf(withoutEnd).not.toExtend<typeof STEP_HANDLERS>();
    expect(Object.keys(STEP_HANDLERS).sort()).toEqual([...STEP_KINDS].sort());
  });

  it("hold an agent-mode mapping for every step kind; one without the tool kind's is not a mapping registry", () => {
    const { tool: _tool, ...withoutTool } = AGENT_MODE_MAPPINGS;
    expectTypeOf(withoutTool).not.toExtend<typeof AGENT_MODE_MAPPINGS>();
    expect(Object.keys(AGENT_MODE_MAPPINGS).sort()).toEqual([...STEP_KINDS].sort());
  });
});
