import { checkEventInput, type RunEvent, type RunEventInput } from "../../../events";
import { ROUTINE_SCHEMA_VERSION, type Routine } from "../../../routine";
import type { RunViewSnapshot } from "../run-view-state";

/** Look up → check (branch) → approve (human) or notify → done. */
export function leaveRoutine(): Routine {
  return {
    schemaVersion: ROUTINE_SCHEMA_VERSION,
    id: "leave",
    name: "Leave request",
    description: "",
    intents: [],
    inputs: [{ name: "employee_id", description: "", type: "string", required: true }],
    steps: [
      {
        id: "lookup",
        kind: "tool",
        name: "Look up",
        description: "",
        tool: { server: "hr", name: "get_employee" },
        inputs: {},
        outputs: [],
        completion: "The employee is found",
        requiresApproval: false,
      },
      { id: "check", kind: "branch", name: "Enough days?", description: "" },
      { id: "approve", kind: "human", name: "Approve", description: "", instruction: "Approve the leave", form: [] },
      { id: "notify", kind: "skill", name: "Notify", description: "", instruction: "", inputs: {}, outputs: [] },
      { id: "done", kind: "end", name: "Done", description: "" },
    ],
    edges: [
      { id: "e1", source: "lookup", target: "check" },
      { id: "yes", source: "check", target: "approve", condition: { label: "enough" } },
      { id: "no", source: "check", target: "notify", condition: { label: "not enough" } },
      { id: "e4", source: "approve", target: "done" },
      { id: "e5", source: "notify", target: "done" },
    ],
    stages: [],
  };
}

export function snapshotOf(routine = leaveRoutine(), overrides: Partial<RunViewSnapshot> = {}): RunViewSnapshot {
  return {
    header: {
      runId: "run-1",
      status: "queued",
      statusReason: null,
      routineId: "routine-1",
      routineName: routine.name,
      versionNumber: 3,
      startedBy: { id: "u1", name: "Olive Operator" },
      source: "ui",
      inputs: { employee_id: "E-1" },
      request: null,
      createdAt: "2026-11-01T00:00:00.000Z",
      startedAt: null,
      finishedAt: null,
      inputTokens: 0,
      outputTokens: 0,
      error: null,
      outputs: null,
      budgetExceeded: null,
    },
    routine,
    steps: [],
    lastSeq: 0,
    plan: null,
    ...overrides,
  };
}

/** Numbers event inputs from `from`, as the table would. */
export function eventsFrom(from: number, inputs: RunEventInput[]): RunEvent[] {
  return inputs.map((input, index) => {
    const { type, data } = checkEventInput(input);
    return {
      runId: "run-1",
      seq: from + index,
      at: new Date(Date.UTC(2026, 10, 1, 0, 0, from + index)).toISOString(),
      type,
      data,
    } as RunEvent;
  });
}

const ref = (stepId: string, stepRunId = `sr-${stepId}`, iteration = 1) => ({ stepRunId, stepId, iteration });

/** A run through lookup → check (enough) → approve waiting for a person. */
export function happyStart(): RunEventInput[] {
  return [
    {
      type: "run.queued",
      data: { routineId: "routine-1", routineName: "Leave request", versionNumber: 3, inputs: { employee_id: "E-1" } },
    },
    { type: "run.started", data: {} },
    { type: "step.started", data: { ...ref("lookup"), attempt: 1, input: { employee_id: "E-1" } } },
    {
      type: "step.tool_call",
      data: { ...ref("lookup"), server: "hr", tool: "get_employee", arguments: { employee_id: "E-1" }, byModel: false },
    },
    { type: "step.output", data: { ...ref("lookup"), output: { name: "Ada" } } },
    { type: "step.succeeded", data: { ...ref("lookup"), durationMs: 40 } },
    { type: "progress.updated", data: { done: ["lookup"], current: "check" } },
    { type: "step.started", data: { ...ref("check"), attempt: 1 } },
    {
      type: "step.model",
      data: { ...ref("check"), content: "She has 12 days.", toolCalls: [], inputTokens: 300, outputTokens: 20 },
    },
    { type: "branch.taken", data: { stepId: "check", edgeId: "yes", label: "enough", by: "model" } },
    { type: "step.succeeded", data: { ...ref("check"), durationMs: 900 } },
    { type: "step.started", data: { ...ref("approve"), attempt: 1 } },
    { type: "step.waiting", data: { ...ref("approve"), for: "person", instruction: "Approve the leave" } },
    { type: "run.status", data: { status: "waiting", reason: "Waiting for a person" } },
  ];
}

export { ref };
