import { describe, expect, it } from "vitest";
import { edge, endStep, makeRoutine, skillStep, toolStep } from "../../routine/testing/factories";
import { reviewDiff, statusOf } from "../diff-status";

const check = toolStep({
  id: "check",
  name: "Check balance",
  inputs: { employee_id: { from: "input", name: "employee_id" } },
});
const summarize = skillStep({ id: "summarize", name: "Summarize" });
const done = endStep({ id: "done", name: "Done" });
const base = makeRoutine({ steps: [check, summarize, done], edges: [edge(check, summarize), edge(summarize, done)] });

describe("reviewDiff", () => {
  it("colours removed steps on the base, added ones on the proposal, changed ones on both", () => {
    const notify = toolStep({ id: "notify", name: "Notify", tool: { server: "hr", name: "send_email_notification" } });
    const proposed = makeRoutine({
      steps: [{ ...check, inputs: { employee_id: { from: "model", hint: "who asks" } } }, notify, done],
      edges: [edge(check, notify), edge(notify, done)],
    });
    const diff = reviewDiff(base, proposed);

    expect(statusOf(diff.base, "check")).toBe("changed");
    expect(statusOf(diff.proposed, "check")).toBe("changed");
    expect(statusOf(diff.base, "summarize")).toBe("removed");
    expect(statusOf(diff.proposed, "notify")).toBe("added");
    expect(statusOf(diff.base, "done")).toBe("unchanged");
    expect(statusOf(diff.proposed, "done")).toBe("unchanged");
    expect(diff.base.edges).toEqual({ "check-summarize": "removed", "summarize-done": "removed" });
    expect(diff.proposed.edges).toEqual({ "check-notify": "added", "notify-done": "added" });
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 1, unchanged: 1 });
    expect(diff.changes).toEqual([
      { stepId: "check", name: "Check balance", status: "changed", fields: ["inputs.employee_id"] },
      { stepId: "notify", name: "Notify", status: "added", fields: [] },
      { stepId: "summarize", name: "Summarize", status: "removed", fields: [] },
    ]);
  });

  it("does not count a moved step as changed", () => {
    const moved = { ...base, steps: base.steps.map((step) => ({ ...step, position: { x: 500, y: 500 } })) };
    const diff = reviewDiff(base, moved);
    expect(diff.changes).toEqual([]);
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: 0, unchanged: 3 });
  });

  it("treats every step of a first version as added", () => {
    const diff = reviewDiff(null, base);
    expect(Object.values(diff.proposed.steps)).toEqual(["added", "added", "added"]);
    expect(diff.base).toEqual({ steps: {}, edges: {} });
    expect(diff.routineFields).toEqual([]);
  });

  it("names routine-level changes", () => {
    expect(reviewDiff(base, { ...base, description: "Now with a description" }).routineFields).toEqual(["description"]);
  });

  it("shows a changed default run mode, whichever way, and not a change between absent and workflow", () => {
    const agent = { ...base, defaultMode: "agent" as const };
    expect(reviewDiff(base, agent)).toMatchObject({ defaultMode: { before: "workflow", after: "agent" }, changes: [] });
    expect(reviewDiff(base, agent).routineFields).toEqual([]);
    expect(reviewDiff(agent, base).defaultMode).toEqual({ before: "agent", after: "workflow" });
    expect(reviewDiff(base, { ...base, defaultMode: "workflow" }).defaultMode).toBeNull();
    expect(reviewDiff(agent, agent).defaultMode).toBeNull();
    // A first version says so only when it is not the safe default.
    expect(reviewDiff(null, agent).defaultMode).toEqual({ before: null, after: "agent" });
    expect(reviewDiff(null, base).defaultMode).toBeNull();
  });
});
