import { describe, expect, it } from "vitest";
import { branchStep, edge, endStep, makeRoutine, toolStep } from "../../../routine/testing/factories";
import { indexRoutine, stepsOffTheWayTaken } from "../routine-graph";

const ids = (steps: Array<{ id: string }>) => steps.map((step) => step.id);

describe("stepsOffTheWayTaken", () => {
  //        ┌─ yes → approve → notify ─┐
  // check → b                          join → done
  //        └─ no  → reject ────────────┘
  const routine = makeRoutine({
    steps: [
      toolStep({ id: "check" }),
      branchStep({ id: "b" }),
      toolStep({ id: "approve" }),
      toolStep({ id: "notify" }),
      toolStep({ id: "reject" }),
      toolStep({ id: "join" }),
      endStep({ id: "done" }),
    ],
    edges: [
      edge("check", "b"),
      edge("b", "approve", "yes"),
      edge("b", "reject", "no"),
      edge("approve", "notify"),
      edge("notify", "join"),
      edge("reject", "join"),
      edge("join", "done"),
    ],
  });
  const index = indexRoutine(routine);

  it("is the other arm up to where the ways meet again", () => {
    expect(ids(stepsOffTheWayTaken(index, "b", "b-approve", new Set(["check", "b"])))).toEqual(["reject"]);
    expect(ids(stepsOffTheWayTaken(index, "b", "b-reject", new Set(["check", "b"])))).toEqual(["approve", "notify"]);
  });

  it("leaves out steps that already ran, and answers nothing for an unknown way", () => {
    expect(stepsOffTheWayTaken(index, "b", "b-approve", new Set(["reject"]))).toEqual([]);
    expect(stepsOffTheWayTaken(index, "b", "nope", new Set())).toEqual([]);
  });

  it("never skips a step a loop on the way taken comes back to", () => {
    // fetch → ok? ─ no → wait → fetch (retry) ; ─ yes → use → done; the retry arm leads back onto the way taken.
    const looping = indexRoutine(
      makeRoutine({
        steps: [
          toolStep({ id: "fetch" }),
          branchStep({ id: "ok" }),
          toolStep({ id: "wait" }),
          toolStep({ id: "use" }),
          endStep({ id: "done" }),
        ],
        edges: [
          edge("fetch", "ok"),
          edge("ok", "use", "ready"),
          edge("ok", "wait", "not yet"),
          edge("wait", "fetch"),
          edge("use", "done"),
        ],
      }),
    );
    expect(ids(stepsOffTheWayTaken(looping, "ok", "ok-use", new Set(["fetch", "ok"])))).toEqual(["wait"]);
    // Taking the retry: nothing is skipped, every step can still come.
    expect(stepsOffTheWayTaken(looping, "ok", "ok-wait", new Set(["fetch", "ok"]))).toEqual([]);
  });
});
