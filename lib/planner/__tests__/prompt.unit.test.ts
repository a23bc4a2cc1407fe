import { describe, expect, it } from "vitest";
import { makeRoutine } from "../../routine/testing/factories";
import { buildPlannerMessages, buildRepairMessages, draftText, MAX_LISTED_ISSUES, promptHash } from "../prompt";
import { PLANNER_SYSTEM_PROMPT } from "../system-prompt";
import { formatToolList } from "../tool-list";
import { TOOLS } from "./support";

const PAPER =
  "Step 1. Check balance: see if the employee has days left, using get_leave_balance tool;\nStep 2. End: terminate the workflow;";

describe("the planner prompt", () => {
  it("teaches the paper's method and puts the tool list and the draft in the user message", () => {
    const messages = buildPlannerMessages(
      draftText({ kind: "text", text: "Check the balance, then file the leave." }),
      TOOLS,
    );
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(messages[0].content).toBe(PLANNER_SYSTEM_PROMPT);
    expect(PLANNER_SYSTEM_PROMPT).toMatch(/Split vague or compound steps/);
    expect(PLANNER_SYSTEM_PROMPT).toMatch(/exactly one tool from the tool list/);
    expect(PLANNER_SYSTEM_PROMPT).toMatch(/Bind every required parameter/);
    const user = messages[1].content!;
    expect(user).toContain("- hr/get_leave_balance: Get an employee's remaining leave days");
    expect(user).toContain("employee_id (string, required)");
    expect(user).toContain("year (integer): Calendar year");
    expect(user).toContain('<draft format="free text">\nCheck the balance, then file the leave.\n</draft>');
  });

  it("lists every tool once, sorted by server and name, and says so when there are none", () => {
    const list = formatToolList([...TOOLS].reverse());
    const names = [...list.matchAll(/^- (\S+):/gm)].map((match) => match[1]);
    expect(names).toHaveLength(TOOLS.length);
    expect(names).toEqual([...names].sort());
    expect(formatToolList([])).toMatch(/No tools are registered/);
  });

  it("names paper text as such", () => {
    const [, user] = buildPlannerMessages(draftText({ kind: "paper", text: PAPER }), TOOLS);
    expect(user.content).toContain(`<draft format="paper text">\n${PAPER}\n</draft>`);
    expect(user.content).toContain("Branch 4-1 Step 1.");
  });

  it("sends the canvas as paper text with ids and tools, without positions", () => {
    const routine = makeRoutine();
    routine.steps[0].position = { x: 120, y: 40 };
    const draft = draftText({ kind: "canvas", routine });
    expect(draft.format).toBe("canvas as paper text");
    expect(draft.text).toContain("Step 1. Check leave balance");
    expect(draft.text).toContain("[id: check]");
    expect(draft.text).toContain("hr/get_leave_balance");
    expect(draft.text).not.toContain("position");
    const [, user] = buildPlannerMessages(draft, TOOLS);
    expect(user.content).toContain("keep the id of every step you keep");
  });

  it("sends a draft in another language as it is and asks to keep that language", () => {
    const german =
      "Schritt 1: Prüfe den Resturlaub des Mitarbeiters.\nSchritt 2: Genehmige den Antrag, wenn genug Tage übrig sind.";
    const [system, user] = buildPlannerMessages(draftText({ kind: "text", text: german }), TOOLS);
    expect(user.content).toContain(german);
    expect(user.content).toContain("Write the routine in the language the draft is written in.");
    expect(system.content).toMatch(
      /in the language of the draft\. Tool names, server names, parameter names and ids stay exactly/,
    );
  });

  it("hashes the exact messages: stable for the same prompt, different for another draft", () => {
    const first = promptHash(buildPlannerMessages(draftText({ kind: "text", text: "Check the balance." }), TOOLS));
    expect(first).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(promptHash(buildPlannerMessages(draftText({ kind: "text", text: "Check the balance." }), TOOLS))).toBe(
      first,
    );
    expect(promptHash(buildPlannerMessages(draftText({ kind: "text", text: "Check the balance!" }), TOOLS))).not.toBe(
      first,
    );
    expect(
      promptHash(buildPlannerMessages(draftText({ kind: "text", text: "Check the balance." }), TOOLS.slice(1))),
    ).not.toBe(first);
  });

  it("asks for a repair with the previous answer and the problems, listing at most a few dozen", () => {
    const initial = buildPlannerMessages(draftText({ kind: "text", text: "Check the balance." }), TOOLS);
    const problems = Array.from(
      { length: MAX_LISTED_ISSUES + 5 },
      (_, index) => `routine.steps[${index}]: problem ${index}`,
    );
    const repair = buildRepairMessages(initial, '{"routine":{}}', problems);
    expect(repair.slice(0, 2)).toEqual(initial);
    expect(repair[2]).toEqual({ role: "assistant", content: '{"routine":{}}' });
    expect(repair[3].role).toBe("user");
    expect(repair[3].content).toContain("- routine.steps[0]: problem 0");
    expect(repair[3].content).toContain(`- routine.steps[${MAX_LISTED_ISSUES - 1}]: problem ${MAX_LISTED_ISSUES - 1}`);
    expect(repair[3].content).not.toContain(`problem ${MAX_LISTED_ISSUES}\n`);
    expect(repair[3].content).toContain("… and 5 more problems");
  });
});
