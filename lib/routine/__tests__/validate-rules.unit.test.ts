import { describe, expect, it } from "vitest";
import type { Routine } from "../schema";
import { ISSUE_CODES, validateRoutine, type IssueCode, type ValidateOptions } from "../validate";
import {
  branchStep,
  chain,
  edge,
  endStep,
  fromInput,
  fromStep,
  leaveRoutine,
  makeRoutine,
  routineLibrary,
  routineStep,
  skillStep,
  toolStep,
  tools,
} from "./validate-factories";

/** leaveRoutine() changed in place by `change`. */
function changed(change: (routine: Routine) => void): Routine {
  const routine = leaveRoutine();
  change(routine);
  return routine;
}

function stepOf(routine: Routine, id: string) {
  const step = routine.steps.find((candidate) => candidate.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step;
}

type BadCase = { routine: Routine; options?: ValidateOptions; stepId?: string; edgeId?: string };

/** One routine per issue code that must produce it; keyed by code so a new code without a case fails to compile. */
const BAD: Record<Exclude<IssueCode, "validation-failed">, () => BadCase> = {
  "empty-routine": () => ({ routine: makeRoutine([], []) }),
  "duplicate-step-id": () => ({ routine: changed((r) => r.steps.push(skillStep("apply"))), stepId: "apply" }),
  "duplicate-edge-id": () => ({
    routine: changed((r) => (r.edges[1].id = r.edges[0].id)),
    edgeId: "check_balance-enough_days",
  }),
  "duplicate-stage-id": () => ({
    routine: changed(
      (r) =>
        (r.stages = [
          { id: "s", name: "Check", description: "" },
          { id: "s", name: "Act", description: "" },
        ]),
    ),
  }),
  "dangling-edge": () => ({
    routine: changed((r) => r.edges.push(edge("notify", "ghost"))),
    stepId: "notify",
    edgeId: "notify-ghost",
  }),
  "unknown-stage": () => ({ routine: changed((r) => (stepOf(r, "apply").stageId = "review")), stepId: "apply" }),
  "no-start": () => ({
    routine: makeRoutine(
      [skillStep("a"), branchStep("again"), endStep()],
      [...chain("a", "again"), edge("again", "a", "Retry"), edge("again", "done", "Stop")],
    ),
  }),
  "multiple-starts": () => ({
    routine: changed((r) => (r.steps.push(skillStep("stray")), r.edges.push(edge("stray", "done")))),
    stepId: "stray",
  }),
  "unreachable-step": () => ({
    routine: changed((r) => {
      r.steps.push(branchStep("island"), skillStep("wait"));
      r.edges.push(edge("island", "wait", "Not yet"), edge("wait", "island"), edge("island", "done", "Ready"));
    }),
    stepId: "island",
  }),
  "no-end": () => ({ routine: makeRoutine([skillStep("a"), skillStep("b")], chain("a", "b")) }),
  "never-finishes": () => ({ routine: changed((r) => r.edges.pop()), stepId: "notify" }),
  "end-has-outgoing": () => ({
    routine: changed((r) => r.edges.push(edge("done", "notify"))),
    stepId: "done",
    edgeId: "done-notify",
  }),
  "too-many-outgoing": () => ({
    routine: changed((r) => r.edges.push(edge("check_balance", "notify"))),
    stepId: "check_balance",
  }),
  "branch-too-few-edges": () => ({
    routine: makeRoutine([branchStep("b"), endStep()], [edge("b", "done", "Yes")]),
    stepId: "b",
  }),
  "missing-condition": () => ({
    routine: changed((r) => delete r.edges[2].condition),
    stepId: "enough_days",
    edgeId: "enough_days-notify",
  }),
  "duplicate-condition": () => ({
    routine: changed((r) => (r.edges[2].condition = { label: " balance COVERS  the request " })),
    edgeId: "enough_days-notify",
  }),
  "unexpected-condition": () => ({
    routine: changed((r) => (r.edges[0].condition = { label: "", expression: "balance > 0" })),
    edgeId: "check_balance-enough_days",
  }),
  "infinite-loop": () => ({
    routine: makeRoutine([skillStep("s"), skillStep("a"), skillStep("b"), endStep()], chain("s", "a", "b", "a")),
    stepId: "a",
  }),
  "unknown-tool": () => ({
    routine: changed((r) => (r.steps[0] = toolStep("check_balance", "get_balance"))),
    options: { tools },
    stepId: "check_balance",
  }),
  "missing-required-input": () => ({
    routine: changed((r) => (r.steps[3] = toolStep("apply", "apply_leave", { employee_id: fromInput("employee_id") }))),
    options: { tools },
    stepId: "apply",
  }),
  "unknown-tool-input": () => ({
    routine: changed(
      (r) =>
        ((stepOf(r, "check_balance") as { inputs: object }).inputs = {
          employee_id: fromInput("employee_id"),
          year: fromInput("employee_id"),
        }),
    ),
    options: { tools },
    stepId: "check_balance",
  }),
  "unknown-input": () => ({ routine: changed((r) => (r.inputs = [])), stepId: "check_balance" }),
  "unknown-step-reference": () => ({
    routine: changed(
      (r) => (r.steps[4] = toolStep("notify", "send_email_notification", { text: fromStep("ghost", "x") })),
    ),
    stepId: "notify",
  }),
  "reference-not-upstream": () => ({
    routine: changed(
      (r) =>
        (r.steps[0] = toolStep("check_balance", "get_leave_balance", { employee_id: fromStep("confirm", "days") }, [
          "balance",
        ])),
    ),
    stepId: "check_balance",
  }),
  "unknown-step-output": () => ({
    routine: changed(
      (r) => (r.steps[4] = toolStep("notify", "send_email_notification", { text: fromStep("check_balance", "days") })),
    ),
    stepId: "notify",
  }),
  "unknown-routine": () => ({
    routine: changed((r) => (r.steps[4] = routineStep("notify", "notify-employee"))),
    options: { routines: routineLibrary({}) },
    stepId: "notify",
  }),
  "recursive-routine": () => ({
    routine: changed((r) => (r.steps[4] = routineStep("notify", "leave-request"))),
    stepId: "notify",
  }),
  "unknown-actor": () => ({
    routine: changed((r) => (r.steps[4] = { ...routineStep("notify", "notify-employee"), actorId: "ghost" })),
    options: { actors: [] },
    stepId: "notify",
  }),
  "tool-outside-toolkit": () => ({
    routine: changed((r) => (r.actorId = "clerk")),
    options: { actors: [{ id: "clerk", name: "Clerk", tools: [{ server: "hr", name: "get_leave_balance" }] }] },
    stepId: "apply",
  }),
};

describe("validateRoutine", () => {
  it("finds nothing wrong with a sound routine", () => {
    expect(validateRoutine(leaveRoutine(), { tools, routines: routineLibrary({}) })).toEqual([]);
  });

  it("has a bad case for every issue code", () => {
    expect(Object.keys(BAD).sort()).toEqual(ISSUE_CODES.filter((code) => code !== "validation-failed").sort());
  });

  it.each(Object.entries(BAD))("reports %s where it happens", (code, make) => {
    const { routine, options, stepId, edgeId } = make();
    const issues = validateRoutine(routine, options);
    const found = issues.find((candidate) => candidate.code === code);
    expect(found, JSON.stringify(issues, null, 2)).toBeDefined();
    if (stepId) expect(found?.stepId).toBe(stepId);
    if (edgeId) expect(found?.edgeId).toBe(edgeId);
    expect(found?.message).toMatch(/^[A-Z].*\.$/);
    expect(found?.path.length).toBeGreaterThan(0);
  });

  it("names steps by their name in messages", () => {
    const routine = changed((r) => {
      r.steps.push(branchStep("island"), skillStep("check_account"));
      r.edges.push(
        edge("island", "check_account", "Not yet"),
        edge("check_account", "island"),
        edge("island", "done", "Ready"),
      );
    });
    const messages = validateRoutine(routine).map((found) => found.message);
    expect(messages).toContain('Step "Check account" is not reachable from the start.');
  });

  it("marks warnings as warnings and everything else as errors", () => {
    const issues = validateRoutine(BAD["unexpected-condition"]().routine);
    expect(issues).toEqual([
      expect.objectContaining({ code: "unexpected-condition", severity: "warning", path: ["edges", 0, "condition"] }),
    ]);
  });
});

describe("what validation accepts", () => {
  const accepts = (routine: Routine, options?: ValidateOptions) =>
    expect(validateRoutine(routine, options)).toEqual([]);

  it("a loop that a branch can leave, and a branch waiting on itself", () => {
    accepts(
      makeRoutine(
        [skillStep("s"), skillStep("a"), branchStep("again"), endStep()],
        [...chain("s", "a", "again"), edge("again", "a", "Retry"), edge("again", "done", "Stop")],
      ),
    );
    accepts(
      makeRoutine(
        [skillStep("s"), branchStep("wait"), endStep()],
        [...chain("s", "wait"), edge("wait", "wait", "Pending"), edge("wait", "done", "Ready")],
      ),
    );
  });

  it("a step reading an output that comes round the loop", () => {
    const steps = [
      skillStep("s"),
      skillStep("a", { last: fromStep("again", "tries") }, ["x"]),
      skillStep("again", {}, ["tries"]),
      branchStep("more"),
      endStep(),
    ];
    accepts(
      makeRoutine(steps, [
        ...chain("s", "a", "again", "more"),
        edge("more", "a", "Retry"),
        edge("more", "done", "Stop"),
      ]),
    );
  });

  it("a human step's form fields as outputs, dotted paths, and tools without a parameter list", () => {
    accepts(leaveRoutine(), { tools });
  });

  it("declared stages, and a condition label left empty on a plain connection", () => {
    accepts(
      changed((r) => {
        r.stages = [{ id: "review", name: "Review", description: "" }];
        stepOf(r, "apply").stageId = "review";
        r.edges[0].condition = { label: "" };
      }),
    );
  });

  it("unknown tools and routines when no catalog or library is given", () => {
    accepts(changed((r) => (r.steps[4] = routineStep("notify", "notify-employee"))));
    accepts(changed((r) => (r.steps[3] = toolStep("apply", "file_leave", { whatever: fromInput("employee_id") }))));
  });

  it("a sub-routine that calls others without coming back", () => {
    const routines = routineLibrary({ "notify-employee": ["send-mail", "log"], "send-mail": ["log"], log: [] });
    accepts(
      changed((r) => (r.steps[4] = routineStep("notify", "notify-employee"))),
      { routines },
    );
  });
});

describe("sub-routine recursion", () => {
  const calling = (routineId: string) => changed((r) => (r.steps[4] = routineStep("notify", routineId)));

  it("follows calls back into this routine and names the chain", () => {
    const routines = routineLibrary({ "notify-employee": ["escalate"], escalate: ["leave-request"] });
    const [found] = validateRoutine(calling("notify-employee"), { routines });
    expect(found).toMatchObject({ code: "recursive-routine", stepId: "notify", path: ["steps", 4, "routineId"] });
    expect(found.message).toBe(
      'Step "Notify" calls "Notify employee", which calls this routine again ("Notify employee" → "Escalate" → this routine), so it would never finish.',
    );
  });

  it("catches circles among the routines it calls", () => {
    const routines = routineLibrary({ "notify-employee": ["a"], a: ["b"], b: ["a"] });
    const [found] = validateRoutine(calling("notify-employee"), { routines });
    expect(found.code).toBe("recursive-routine");
    expect(found.message).toContain('"A" → "B" → "A"');
  });

  it("walks a long chain of routines without recursion", () => {
    const calls: Record<string, string[]> = {};
    for (let i = 0; i < 20_000; i++) calls[`r${i}`] = [`r${i + 1}`];
    calls.r20000 = ["missing", "leave-request"];
    expect(validateRoutine(calling("r0"), { routines: routineLibrary(calls) }).map((found) => found.code)).toEqual([
      "recursive-routine",
    ]);
  });
});
