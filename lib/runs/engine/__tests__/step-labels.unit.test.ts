import { describe, expect, it } from "vitest";
import { branchStep, edge, endStep, makeRoutine, skillStep, toolStep } from "../../../routine/testing/factories";
import { renderRoutineText } from "../../../routine";
import { scriptedModel } from "../testing";
import { harness } from "./support";

// The executor reads the routine in the paper's text form, where a step on a branch is "Branch 2-1 Step 1", not its
// place in the step list: the progress list and the step request must name it the same way.

const checkBalance = () =>
  toolStep({
    id: "check",
    name: "Check balance",
    inputs: { employee_id: { from: "input", name: "employee_id" } },
    outputs: [{ name: "balance", description: "" }],
  });

/** check balance → b: enough → summarize (the model writes it) → done; none → done. */
function branching() {
  const steps = [
    checkBalance(),
    branchStep({ id: "b", name: "Enough days?" }),
    skillStep({
      id: "sum",
      name: "Summarize",
      instruction: "Summarize the balance.",
      inputs: { balance: { from: "step", stepId: "check", path: "balance" } },
      outputs: [{ name: "summary", description: "" }],
    }),
    endStep({ id: "done" }),
  ];
  return makeRoutine({
    steps,
    edges: [
      edge("check", "b"),
      edge("b", "sum", "enough", "balance.days > 0"),
      edge("b", "done", "none", "balance.days <= 0"),
      edge("sum", "done"),
    ],
  });
}

describe("step labels in the executor's prompts", () => {
  it("names a step on a branch as the routine text does, in the progress list and the step request", async () => {
    const routine = branching();
    const text = renderRoutineText(routine);
    const label = /(Branch \d+-\d+ Step \d+)\. Summarize/.exec(text)?.[1];
    expect(label).toBeDefined();
    const model = scriptedModel(() => ({ content: "12 days left." }));
    const h = harness({ routine, model });
    expect(await h.execute()).toBe("succeeded");

    const messages = model.requests[0].messages.map((message) => message.content ?? "").join("\n");
    expect(messages).toContain(`${label}. Summarize [id: sum] (done when:`);
    expect(messages).toContain(`Current step: ${label}. Summarize [id: sum]`);
    // Not its place in the step list (third).
    expect(messages).not.toContain("Step 3. Summarize");
  });
});

describe("the progress list once a branch is chosen", () => {
  it("marks the steps on the way not taken as not taken, not pending", async () => {
    const steps = [
      checkBalance(),
      branchStep({ id: "b", name: "Enough days?" }),
      skillStep({ id: "sum", name: "Summarize", instruction: "Summarize the balance.", outputs: [] }),
      skillStep({ id: "decline", name: "Explain the shortfall", instruction: "Say why not.", outputs: [] }),
      endStep({ id: "done" }),
    ];
    const routine = makeRoutine({
      steps,
      edges: [
        edge("check", "b"),
        edge("b", "sum", "enough", "balance.days > 0"),
        edge("b", "decline", "none", "balance.days <= 0"),
        edge("sum", "done"),
        edge("decline", "done"),
      ],
    });
    const model = scriptedModel(() => ({ content: "12 days left." }));
    const h = harness({ routine, model });
    expect(await h.execute()).toBe("succeeded");

    const system = model.requests[0].messages[0].content ?? "";
    expect(system).toMatch(/^- \[x\] Step 2\. Enough days\? \[id: b\]$/m);
    expect(system).toMatch(/^- \[-\] Branch 2-2 Step 1\. Explain the shortfall \[id: decline\] \(not taken: .*\)$/m);
    expect(system).toMatch(/^- \[ \] Branch 2-1 Step 1\. Summarize \[id: sum\] .*← current$/m);
    expect(system).toMatch(/^- \[ \] Step 3\. End/m);
  });
});
