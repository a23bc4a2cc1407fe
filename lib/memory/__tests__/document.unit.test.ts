import { describe, expect, it } from "vitest";
import { documentFromRoutine, documentText } from "..";
import { chain, endStep, humanStep, makeRoutine, toolStep } from "../../routine/testing/factories";

describe("documentFromRoutine", () => {
  it("takes name, description, intents, step names and descriptions, and the distinct tool names", () => {
    const steps = [
      toolStep({
        id: "a",
        name: "Check balance",
        description: "Days left.",
        tool: { server: "hr", name: "get_leave_balance" },
      }),
      toolStep({ id: "b", name: "Check again", tool: { server: "hr", name: "get_leave_balance" } }),
      humanStep({ id: "c", name: "Manager approves", description: "Approve or reject." }),
      toolStep({ id: "d", name: "Submit", tool: { server: "hr", name: "apply_leave" } }),
      endStep({ id: "e", name: "Done" }),
    ];
    const routine = makeRoutine({
      name: "Apply for leave",
      description: "Book time off.",
      intents: ["I want a day off"],
      steps,
      edges: chain(...steps),
    });
    const doc = documentFromRoutine(routine, { routineId: "r1", versionId: "v3" });
    expect(doc).toEqual({
      routineId: "r1",
      versionId: "v3",
      name: "Apply for leave",
      description: "Book time off.",
      intents: ["I want a day off"],
      steps: [
        { name: "Check balance", description: "Days left." },
        { name: "Check again", description: "" },
        { name: "Manager approves", description: "Approve or reject." },
        { name: "Submit", description: "" },
      ],
      tools: ["get_leave_balance", "apply_leave"],
    });
  });

  it("does not share arrays with the routine", () => {
    const routine = makeRoutine({ intents: ["one"] });
    const doc = documentFromRoutine(routine, { routineId: "r", versionId: "v" });
    doc.intents.push("two");
    expect(routine.intents).toEqual(["one"]);
  });
});

describe("documentText", () => {
  it("joins the document into one passage for the embedder, stable for the same document", () => {
    const doc = documentFromRoutine(makeRoutine({ description: "Book time off.", intents: ["day off"] }), {
      routineId: "r",
      versionId: "v",
    });
    const text = documentText(doc);
    expect(text.split("\n")).toEqual([
      "Apply for leave",
      "Book time off.",
      "day off",
      "Check leave balance",
      "Summarize",
      "Tools: get_leave_balance",
    ]);
    expect(documentText(doc)).toBe(text);
  });
});
