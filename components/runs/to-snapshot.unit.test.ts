import { describe, expect, it } from "vitest";
import { makeRoutine } from "@/lib/routine/testing/factories";
import { toRunViewSnapshot } from "./to-snapshot";

type RunRecord = Parameters<typeof toRunViewSnapshot>[0];
type StepRecord = RunRecord["steps"][number];

const makeStepRun = (overrides: Partial<StepRecord> = {}): StepRecord => ({
  id: "sr1",
  stepId: "check",
  iteration: 0,
  state: "succeeded",
  attempt: 1,
  input: { employee_id: "E1" },
  output: { balance: 12 },
  outputRef: null,
  tool: null,
  approval: null,
  error: null,
  inputTokens: 10,
  outputTokens: 5,
  startedAt: new Date("2025-03-01T10:00:01Z"),
  finishedAt: new Date("2025-03-01T10:00:02Z"),
  ...overrides,
});

/** The run page's record, with the fields the snapshot reads; the rest of the DAL's view is not needed here. */
const makeRun = (overrides: Partial<RunRecord> = {}): RunRecord =>
  ({
    id: "run1",
    mode: "workflow",
    model: null,
    status: "succeeded",
    routineId: "leave_request",
    routineName: "Apply for leave",
    versionNumber: 3,
    startedBy: { id: "u1", name: "Ada", email: "ada@example.com" },
    source: "manual",
    inputs: { employee_id: "E1" },
    request: null,
    createdAt: new Date("2025-03-01T10:00:00Z"),
    startedAt: new Date("2025-03-01T10:00:01Z"),
    finishedAt: null,
    inputTokens: 10,
    outputTokens: 5,
    error: null,
    outputs: null,
    steps: [makeStepRun()],
    lastSeq: 7,
    plan: null,
    ...overrides,
  }) as RunRecord;

describe("toRunViewSnapshot", () => {
  it("hands the browser dates as ISO text, and a moment that has not come as null", () => {
    const snapshot = toRunViewSnapshot(makeRun({ steps: [makeStepRun({ finishedAt: null })] }), makeRoutine());
    expect(snapshot.header).toMatchObject({
      createdAt: "2025-03-01T10:00:00.000Z",
      startedAt: "2025-03-01T10:00:01.000Z",
      finishedAt: null,
    });
    expect(snapshot.steps[0]).toMatchObject({ startedAt: "2025-03-01T10:00:01.000Z", finishedAt: null });
  });

  it("names who started the run without sending their email address to the page", () => {
    const snapshot = toRunViewSnapshot(makeRun(), makeRoutine());
    expect(snapshot.header.startedBy).toEqual({ id: "u1", name: "Ada" });
    expect(JSON.stringify(snapshot)).not.toContain("ada@example.com");
    expect(toRunViewSnapshot(makeRun({ startedBy: null }), makeRoutine()).header.startedBy).toBeNull();
  });

  it("keeps each step run's state, tries, values and tokens in the order they ran", () => {
    const steps = [
      makeStepRun({ id: "a", stepId: "check", state: "failed", attempt: 2, error: "HR is down" }),
      makeStepRun({ id: "b", stepId: "summarize", iteration: 1, state: "running", output: null, outputRef: "v1" }),
    ];
    const snapshot = toRunViewSnapshot(makeRun({ steps }), makeRoutine());
    expect(
      snapshot.steps.map((step) => [step.stepRunId, step.stepId, step.iteration, step.state, step.attempt]),
    ).toEqual([
      ["a", "check", 0, "failed", 2],
      ["b", "summarize", 1, "running", 1],
    ]);
    expect(snapshot.steps[0].error).toBe("HR is down");
    expect(snapshot.steps[1]).toMatchObject({ output: null, outputRef: "v1", inputTokens: 10, outputTokens: 5 });
  });

  it("carries the routine it is given and the last event number, so the stream resumes after it", () => {
    const routine = makeRoutine();
    const snapshot = toRunViewSnapshot(makeRun({ lastSeq: 41 }), routine);
    expect(snapshot.routine).toBe(routine);
    expect(snapshot.lastSeq).toBe(41);
  });

  it("brings a planned run's task list, and no task list for a routine run", () => {
    const plan = { round: 1, tasks: [], answer: null };
    expect(toRunViewSnapshot(makeRun({ mode: "planned", plan }), makeRoutine()).plan).toBe(plan);
    expect(toRunViewSnapshot(makeRun({ mode: "workflow", plan }), makeRoutine()).plan).toBeNull();
  });

  it("starts with no status reason and no budget notice: those arrive with events", () => {
    const { header } = toRunViewSnapshot(makeRun({ status: "failed", error: "Budget" }), makeRoutine());
    expect(header).toMatchObject({ status: "failed", error: "Budget", statusReason: null, budgetExceeded: null });
  });
});
