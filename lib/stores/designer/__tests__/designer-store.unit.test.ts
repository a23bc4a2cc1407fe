import { describe, expect, it } from "vitest";
import { lookupFromList, type Routine, ROUTINE_SCHEMA_VERSION, type ToolDefinition } from "../../../routine";
import { createDesignerStore, selectStep } from "../designer-store";
import { parseClipboard } from "../routine-edits";

const BALANCE: ToolDefinition = {
  server: "hr",
  name: "get_leave_balance",
  description: "Remaining leave days.",
  inputSchema: {
    type: "object",
    properties: { employee_id: { type: "string", description: "The employee" }, year: { type: "integer" } },
    required: ["employee_id"],
  },
};

function blank(): Routine {
  return {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "r1",
    name: "Leave",
    description: "",
    intents: [],
    inputs: [],
    steps: [{ id: "end", kind: "end", name: "Done", description: "", position: { x: 600, y: 0 } }],
    edges: [],
    stages: [],
  };
}

const storeFor = (routine = blank(), canEdit = true) =>
  createDesignerStore({ routineId: "r1", routine, revision: 3, canEdit, tools: lookupFromList([BALANCE]) });

describe("designer store", () => {
  it("a dropped tool step is pre-filled with the tool's parameters, selected, and on the canvas", () => {
    const store = storeFor();
    const id = store.getState().addStep("tool", { x: 10, y: 20 }, BALANCE);
    const step = selectStep(store.getState(), id);
    expect(step).toMatchObject({
      kind: "tool",
      name: "Get leave balance",
      tool: { server: "hr", name: "get_leave_balance" },
      position: { x: 10, y: 20 },
    });
    expect(step?.kind === "tool" && step.inputs).toEqual({
      employee_id: { from: "model", hint: "The employee" },
      year: { from: "model", hint: "" },
    });
    expect(store.getState().selectedStepIds).toEqual([id]);
    expect(store.getState().nodes.map((node) => node.id)).toContain(id);
    expect(store.getState().save.status).toBe("dirty");
  });

  it("typing in a step's description leaves the canvas arrays untouched (no node re-renders)", () => {
    const store = storeFor();
    const id = store.getState().addStep("skill", { x: 0, y: 0 });
    const { nodes, edges } = store.getState();
    store.getState().updateStep(id, "description", (step) => ({ ...step, description: "Summarise the request" }));
    expect(store.getState().nodes).toBe(nodes);
    expect(store.getState().edges).toBe(edges);
    expect(selectStep(store.getState(), id)?.description).toBe("Summarise the request");
  });

  it("connects steps, and refuses a step leading to itself with a message", () => {
    const store = storeFor();
    const id = store.getState().addStep("skill", { x: 0, y: 0 });
    store.getState().connect(id, "end");
    expect(store.getState().routine.edges).toEqual([{ id: expect.any(String), source: id, target: "end" }]);
    expect(store.getState().edges).toHaveLength(1);
    store.getState().connect(id, id);
    expect(store.getState().notice).toMatch(/cannot lead to itself/);
    expect(store.getState().routine.edges).toHaveLength(1);
  });

  it("undo and redo walk the history; keystrokes in one field undo together", () => {
    const store = storeFor();
    const id = store.getState().addStep("skill", { x: 0, y: 0 });
    for (const text of ["S", "Su", "Sum"]) store.getState().updateStep(id, "name", (step) => ({ ...step, name: text }));
    store.getState().undo();
    expect(selectStep(store.getState(), id)?.name).toBe("Think or write");
    store.getState().undo();
    expect(selectStep(store.getState(), id)).toBeUndefined();
    store.getState().redo();
    store.getState().redo();
    expect(selectStep(store.getState(), id)?.name).toBe("Sum");
  });

  it("deleting the selection removes the steps and every connection touching them", () => {
    const store = storeFor();
    const id = store.getState().addStep("skill", { x: 0, y: 0 });
    store.getState().connect(id, "end");
    store.getState().select([id]);
    store.getState().deleteSelection();
    expect(store.getState().routine.steps.map((step) => step.id)).toEqual(["end"]);
    expect(store.getState().routine.edges).toEqual([]);
  });

  it("copy and paste gives fresh ids and keeps bindings between the pasted steps", () => {
    const store = storeFor();
    const a = store.getState().addStep("tool", { x: 0, y: 0 }, BALANCE);
    const b = store.getState().addStep("tool", { x: 300, y: 0 }, BALANCE);
    store.getState().connect(a, b);
    store
      .getState()
      .updateStep(b, "inputs", (step) =>
        step.kind === "tool" ? { ...step, inputs: { employee_id: { from: "step", stepId: a, path: "result" } } } : step,
      );
    store.getState().select([a, b]);
    const clipboard = parseClipboard(JSON.stringify(store.getState().copySelection()));
    expect(clipboard).not.toBeNull();
    store.getState().paste(clipboard!);
    const pasted = store.getState().selectedStepIds;
    expect(pasted).toHaveLength(2);
    expect(pasted).not.toContain(a);
    const pastedB = selectStep(store.getState(), pasted[1]);
    expect(pastedB?.kind === "tool" && pastedB.inputs.employee_id).toEqual({
      from: "step",
      stepId: pasted[0],
      path: "result",
    });
    expect(
      store.getState().routine.edges.filter((edge) => edge.source === pasted[0] && edge.target === pasted[1]),
    ).toHaveLength(1);
  });

  it("a paste of anything that is not copied steps is ignored", () => {
    expect(parseClipboard("hello")).toBeNull();
    expect(
      parseClipboard(
        JSON.stringify({ kind: "routine-studio/steps", steps: [{ id: "x", kind: "teleport" }], edges: [] }),
      ),
    ).toBeNull();
  });

  it("validation reports an unreachable step and forgets it once connected", () => {
    const store = storeFor();
    const id = store.getState().addStep("skill", { x: 0, y: 0 });
    expect(store.getState().issues.length).toBeGreaterThan(0);
    store.getState().connect(id, "end");
    expect(store.getState().issues).toEqual([]);
  });

  it("a read-only designer changes nothing", () => {
    const store = storeFor(blank(), false);
    store.getState().addStep("skill", { x: 0, y: 0 });
    store.getState().updateStep("end", "name", (step) => ({ ...step, name: "Changed" }));
    expect(store.getState().routine).toEqual(blank());
    expect(store.getState().save.status).toBe("saved");
  });

  it("stages: a new stage groups the chosen steps on the canvas; removing it keeps the steps", () => {
    const store = storeFor();
    const id = store.getState().addStep("skill", { x: 0, y: 0 });
    store.getState().assignStage([id], undefined, "Check eligibility");
    const [stage] = store.getState().routine.stages;
    expect(stage).toMatchObject({ name: "Check eligibility" });
    expect(selectStep(store.getState(), id)?.stageId).toBe(stage.id);
    expect(store.getState().nodes.find((node) => node.id === id)?.parentId).toBe(`stage:${stage.id}`);
    store.getState().renameStage(stage.id, "Eligibility");
    expect(store.getState().routine.stages[0].name).toBe("Eligibility");
    store.getState().removeStage(stage.id);
    expect(store.getState().routine.stages).toEqual([]);
    expect(selectStep(store.getState(), id)?.stageId).toBeUndefined();
    expect(store.getState().nodes.find((node) => node.id === id)?.parentId).toBeUndefined();
  });

  it("a structural edit keeps every untouched node object, so only the changed part re-renders", () => {
    const store = storeFor();
    const a = store.getState().addStep("skill", { x: 0, y: 0 });
    const before = store.getState().nodes;
    store.getState().addStep("skill", { x: 300, y: 0 });
    const after = store.getState().nodes;
    expect(after).not.toBe(before);
    expect(after.find((node) => node.id === "end")).toBe(before.find((node) => node.id === "end"));
    // `a` was selected before the second drop and is not now: a new object, since its selection changed.
    expect(after.find((node) => node.id === a)?.selected).toBe(false);
  });
});

describe("steps without a position", () => {
  const unplaced = (): Routine => ({
    ...blank(),
    steps: [
      { id: "a", kind: "skill", name: "A", description: "", instruction: "", inputs: {}, outputs: [] },
      { id: "end", kind: "end", name: "Done", description: "" },
    ],
    edges: [{ id: "e1", source: "a", target: "end" }],
  });

  it("a routine replaced by a text edit gets positions, so no two steps stand on the origin", async () => {
    const store = storeFor();
    await store.getState().replaceRoutine(unplaced());
    const positions = store.getState().routine.steps.map((step) => step.position);
    expect(positions.every(Boolean)).toBe(true);
    expect(positions[0]).not.toEqual(positions[1]);
    expect(store.getState().save.status).toBe("dirty");
  });

  it("a routine opened with unplaced steps is laid out once; a reader sees it laid out without saving", async () => {
    const editor = storeFor(unplaced());
    await editor.getState().placeUnpositioned();
    expect(editor.getState().routine.steps.every((step) => step.position)).toBe(true);
    expect(editor.getState().save.status).toBe("dirty");

    const reader = storeFor(unplaced(), false);
    await reader.getState().placeUnpositioned();
    expect(reader.getState().routine.steps.every((step) => step.position)).toBe(true);
    expect(reader.getState().save.status).toBe("saved");
    expect(new Set(reader.getState().nodes.map((node) => `${node.position.x},${node.position.y}`)).size).toBe(2);
  });
});
