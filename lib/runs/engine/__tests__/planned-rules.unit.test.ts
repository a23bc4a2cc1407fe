import { describe, expect, it } from "vitest";
import { EMPTY_PLAN, PLAN_LIMITS, planStateSchema, type PlanState, type PlanTask } from "../../../events";
import { applyPlannerAnswer } from "../planned/plan-rules";
import { parsePlannerAnswer, plannerAnswerSchema, type PlannerAnswer } from "../planned/planner-answer";
import { ACTORS } from "./planned-support";

const answer = (input: Record<string, unknown>): PlannerAnswer => plannerAnswerSchema.parse(input);
const task = (id: string, status: PlanTask["status"], extra: Partial<PlanTask> = {}): PlanTask => ({
  id,
  title: `Task ${id}`,
  criteria: `Criteria of ${id}`,
  actorId: "leave-clerk",
  actorName: "Leave clerk",
  status,
  result: null,
  note: null,
  ...extra,
});
const plan = (...tasks: PlanTask[]): PlanState => ({ round: 2, tasks, answer: null });
const fresh = { title: "Check the balance", criteria: "The days are stated", actor: "leave-clerk" };

function problemOf(outcome: ReturnType<typeof applyPlannerAnswer>): string {
  if (outcome.ok) throw new Error(`expected a problem, got ${outcome.summary}`);
  return outcome.problem;
}

describe("applyPlannerAnswer", () => {
  it("numbers new tasks after the highest id so far, never reusing a dropped task's id", () => {
    const before = plan(task("t1", "done"), task("t3", "dropped", { note: "not needed" }), task("t2", "pending"));
    const outcome = applyPlannerAnswer(before, answer({ tasks: [fresh, fresh], next: "t5" }), null, ACTORS);
    expect(outcome.ok && outcome.plan.tasks.map((each) => each.id)).toEqual(["t1", "t3", "t2", "t4", "t5"]);
    expect(outcome.ok && outcome.plan.tasks[3]).toMatchObject({ actorName: "Leave clerk", status: "pending" });
    expect(outcome.ok && outcome.next).toBe("t5");
    expect(outcome.ok && outcome.plan.round).toBe(3);
  });

  it("marks a task done only in the round right after its own report", () => {
    const before = plan(task("t1", "running", { result: "12 days" }), task("t2", "pending"));
    const premature = answer({
      tasks: [
        { id: "t1", status: "done" },
        { id: "t2", status: "done" },
      ],
      next: null,
    });
    expect(problemOf(applyPlannerAnswer(before, premature, "t1", ACTORS))).toMatch(/^t2 cannot be done/);
    const fine = applyPlannerAnswer(
      before,
      answer({ tasks: [{ id: "t1", status: "done" }], next: "t2" }),
      "t1",
      ACTORS,
    );
    expect(fine.ok && fine.plan.tasks.map((each) => each.status)).toEqual(["done", "pending"]);
    expect(fine.ok && fine.plan.tasks[0].result).toBe("12 days");
  });

  it("wants a verdict on the reported task", () => {
    const before = plan(task("t1", "running", { result: "found nothing" }), task("t2", "pending"));
    expect(problemOf(applyPlannerAnswer(before, answer({ tasks: [], next: "t2" }), "t1", ACTORS))).toMatch(
      /^Say what became of t1/,
    );
    const kept = applyPlannerAnswer(
      before,
      answer({ tasks: [{ id: "t1", status: "pending", note: "the balance is missing" }], next: "t1" }),
      "t1",
      ACTORS,
    );
    expect(kept.ok && kept.summary).toBe("t1 kept pending: the balance is missing; next: t1.");
  });

  it("keeps a done or dropped task as it is", () => {
    const before = plan(task("t1", "done"), task("t2", "pending"));
    const reopened = answer({ tasks: [{ id: "t1", status: "pending" }], next: "t2" });
    expect(problemOf(applyPlannerAnswer(before, reopened, null, ACTORS))).toBe(
      "t1 is done and stays so; add a new task for more work.",
    );
  });

  it("needs a reason to drop a task, and words the change", () => {
    const before = plan(task("t1", "pending"), task("t2", "pending"));
    const bare = answer({ tasks: [{ id: "t2", status: "dropped" }], next: "t1" });
    expect(problemOf(applyPlannerAnswer(before, bare, null, ACTORS))).toBe("Give a note saying why t2 is dropped.");
    const split = answer({
      tasks: [
        { id: "t2", status: "dropped", note: "split in two" },
        fresh,
        { ...fresh, title: "Book", actor: "notifier" },
      ],
      next: "t3",
    });
    const outcome = applyPlannerAnswer(before, split, null, ACTORS);
    expect(outcome.ok && outcome.summary).toBe(
      'Added t3 "Check the balance"; Added t4 "Book"; t2 dropped: split in two; next: t3.',
    );
  });

  it("refuses unknown actors and tasks, and a next task nobody can carry out", () => {
    const before = plan(task("t1", "pending"), task("t2", "pending", { actorId: null, actorName: null }));
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ tasks: [{ ...fresh, actor: "ghost" }], next: "t1" }, /^Unknown actor "ghost"; choose one of: leave-clerk/],
      [{ tasks: [{ id: "t9", status: "pending" }], next: "t1" }, /^t9 is not a task of the list/],
      [{ tasks: [{ title: "No criteria" }], next: "t1" }, /needs a title and its completion criteria/],
      [{ tasks: [], next: "t2" }, /^next: give t2 an actor/],
      [{ tasks: [{ id: "t1", actor: "idle" }], next: "t1" }, /^next: Idle has no tools/],
      [{ tasks: [], next: "t7" }, /^next: t7 is not a task/],
      [{ tasks: [], next: null }, /^Name the next task/],
      [{ tasks: [{ id: "t1" }, { id: "t1" }], next: "t1" }, /^t1 appears twice/],
    ];
    for (const [input, problem] of cases)
      expect(problemOf(applyPlannerAnswer(before, answer(input), null, ACTORS))).toMatch(problem);
  });

  it("finishes only with no task left open and an answer", () => {
    const before = plan(task("t1", "running", { result: "booked" }), task("t2", "pending"));
    const early = answer({ tasks: [{ id: "t1", status: "done" }], finished: true, answer: "Booked." });
    expect(problemOf(applyPlannerAnswer(before, early, "t1", ACTORS))).toMatch(/^You finished with t2 still open/);
    const done = answer({
      tasks: [
        { id: "t1", status: "done" },
        { id: "t2", status: "dropped", note: "not needed" },
      ],
      finished: true,
      answer: "Booked.",
    });
    const outcome = applyPlannerAnswer(before, done, "t1", ACTORS);
    expect(outcome.ok && [outcome.finished, outcome.next, outcome.plan.answer]).toEqual([true, null, "Booked."]);
    const mute = answer({ tasks: done.tasks, finished: true });
    expect(problemOf(applyPlannerAnswer(before, mute, "t1", ACTORS))).toMatch(/without an answer/);
  });

  it(`takes a plan of ${PLAN_LIMITS.tasks} tasks and refuses one more`, () => {
    const many = Array.from({ length: PLAN_LIMITS.tasks }, (_, at) => ({ ...fresh, title: `Step ${at + 1}` }));
    const outcome = applyPlannerAnswer(EMPTY_PLAN, answer({ tasks: many, next: "t1" }), null, ACTORS);
    expect(outcome.ok && planStateSchema.parse(outcome.plan).tasks).toHaveLength(PLAN_LIMITS.tasks);
    const full = outcome.ok ? outcome.plan : EMPTY_PLAN;
    expect(problemOf(applyPlannerAnswer(full, answer({ tasks: [fresh], next: "t1" }), null, ACTORS))).toBe(
      `The list may hold at most ${PLAN_LIMITS.tasks} tasks; merge or drop some.`,
    );
  });
});

describe("parsePlannerAnswer", () => {
  it("reads JSON, also in a single fence, and words what is wrong", () => {
    expect(parsePlannerAnswer('```json\n{"tasks": [], "next": "t1"}\n```')).toEqual({
      ok: true,
      answer: { tasks: [], next: "t1", finished: false, answer: null },
    });
    expect(parsePlannerAnswer(null)).toEqual({
      ok: false,
      problem: "The answer was empty; answer with the JSON object.",
    });
    const wrong = parsePlannerAnswer('{"tasks": [{"status": "finished"}]}');
    expect(wrong.ok ? "" : wrong.problem).toMatch(/^The answer does not follow the format: tasks\.0\.status/);
  });
});
