import { describe, expect, it } from "vitest";
import { endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { approvalOf, approves } from "../approvals";
import { operatorDecision } from "../operator";
import { chain, dataOf, harness } from "./support";

// An approval binds exactly the arguments it approved (issue #29): the tool handler calls a settled input of a step
// that requires approval only when the step run carries an operator's approval of that very input.

const APPLY = { server: "hr", name: "apply_leave" };

/** apply_leave with both arguments bound, behind an approval, then the end. */
function gated() {
  const steps = [
    toolStep({
      id: "apply",
      name: "Book the leave",
      tool: APPLY,
      inputs: { employee_id: { from: "input", name: "employee_id" }, days: { from: "literal", value: 2 } },
      requiresApproval: true,
    }),
    endStep({ id: "done" }),
  ];
  return harness({ routine: makeRoutine({ steps, edges: chain(...steps) }) });
}

/** Runs the gated routine to its approval and returns the waiting step run. */
async function waitingAtApproval(h: ReturnType<typeof gated>) {
  expect(await h.execute()).toBe("waiting");
  const waiting = h.store.steps(h.runId)[0]!;
  expect(waiting).toMatchObject({ state: "waiting", input: { employee_id: "E7", days: 2 }, approval: null });
  return waiting;
}

describe("an approval", () => {
  it("binds the digest of the input it approves, whatever the key order", () => {
    const approval = approvalOf({ a: 1, b: [1, 2] }, "Olive", new Date(0));
    expect(approval).toEqual({ by: "Olive", at: "1970-01-01T00:00:00.000Z", inputDigest: expect.any(String) });
    expect(approves(approval, { b: [1, 2], a: 1 })).toBe(true);
    expect(approves(approval, { a: 1, b: [2, 1] })).toBe(false);
    expect(approves(approval, { a: 1, b: [1, 2], c: null })).toBe(false);
    expect(approves(null, { a: 1, b: [1, 2] })).toBe(false);
  });

  it("is written by the operator's decision and lets exactly the approved call go", async () => {
    const h = gated();
    const waiting = await waitingAtApproval(h);
    const decided = operatorDecision(
      (await h.store.load(h.runId))!,
      waiting.id,
      { action: "approved", by: "Olive" },
      new Date(h.clock.now()),
    );
    expect(decided.change.steps![0]).toMatchObject({ state: "pending", approval: { by: "Olive" } });
    await h.store.commit(h.runId, decided.change, decided.events);
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.callsTo("apply_leave").map((call) => call.args)).toEqual([{ employee_id: "E7", days: 2 }]);
  });

  it("does not cover another input: an edited or retried input set back to pending waits for a new approval", async () => {
    const h = gated();
    const waiting = await waitingAtApproval(h);
    const ref = { id: waiting.id, stepId: waiting.stepId, iteration: waiting.iteration };
    // An approval of the arguments the step waited with, but the stored input is another (as an edit leaves it).
    await h.store.commit(
      h.runId,
      {
        run: { status: "queued" },
        steps: [
          {
            ...ref,
            state: "pending",
            input: { employee_id: "E7", days: 30 },
            approval: approvalOf(waiting.input, "Olive", new Date(0)),
          },
        ],
      },
      [{ type: "run.status", data: { status: "queued", reason: "test" } }],
    );
    expect(await h.execute()).toBe("waiting");
    expect(h.tools.calls).toHaveLength(0);
    expect(h.store.steps(h.runId)[0]).toMatchObject({ state: "waiting", input: { employee_id: "E7", days: 30 } });
    expect(dataOf(h.events(), "step.waiting")).toHaveLength(2);

    // A pending input with no approval at all (a retry of a rejected call) waits too.
    await h.store.commit(
      h.runId,
      { run: { status: "queued" }, steps: [{ ...ref, state: "pending", approval: null }] },
      [{ type: "run.status", data: { status: "queued", reason: "test" } }],
    );
    expect(await h.execute()).toBe("waiting");
    expect(h.tools.calls).toHaveLength(0);
  });

  it("survives a restart: an approved call left running is sent again without asking", async () => {
    const h = gated();
    const waiting = await waitingAtApproval(h);
    const approval = approvalOf(waiting.input, "Olive", new Date(0));
    // As a worker that died during the approved call leaves it: running, its approved input recorded.
    await h.store.commit(
      h.runId,
      {
        run: { status: "running" },
        steps: [{ id: waiting.id, stepId: waiting.stepId, iteration: 1, state: "running", attempt: 1, approval }],
      },
      [{ type: "run.status", data: { status: "running", reason: "test" } }],
    );
    expect(await h.execute()).toBe("succeeded");
    expect(h.tools.callsTo("apply_leave").map((call) => call.args)).toEqual([{ employee_id: "E7", days: 2 }]);
    expect(dataOf(h.events(), "step.waiting")).toHaveLength(1);
  });
});
