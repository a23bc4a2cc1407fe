import type { Page } from "@playwright/test";
import type { FakeRule } from "../scripts/fake-openai/index";
import { expect, test } from "./fixtures";
import { ByRequestBox } from "./pages/by-request-box";
import { RunPage } from "./pages/run-page";
import { fakeOpenAI } from "./support/fake-openai";
import { madeUpWords } from "./support/made-up-words";

// Planned runs (Aime's dynamic planner): a request no routine covers is planned into tasks, each handed to a demo
// actor (seeded: "HR assistant" with the HR records toolkit). The fake model plays the planner (JSON-schema answers)
// and the actor (tool calls, then a report); every rule matches words made up for the test, so tests never share one.

const HR_ASSISTANT = "actor-hr-assistant";

/** The planner's answer in a round: the tasks it adds or changes, the next task, whether the request is met. */
const plannerRule = (match: string, json: object, extra: Partial<FakeRule> = {}): FakeRule => ({
  match: { anyMessageIncludes: match, responseFormat: "json_schema" },
  times: 1,
  reply: { json },
  ...extra,
});

/** An actor on a task: its first turn calls `tool`, any later turn reports `report`. */
const actorRules = (task: string, tool: string, args: object, report: string, extra: Partial<FakeRule> = {}) => [
  {
    match: { anyMessageIncludes: task, hasTools: true, lastRole: "user" as const },
    times: 1,
    reply: { toolCalls: [{ name: tool, arguments: args }] },
    ...extra,
  },
  { match: { anyMessageIncludes: task, hasTools: true }, reply: { content: report } },
];

/** A two-task plan for `request`: look the employee up, then (added after the first report) check the balance. */
function twoTaskPlan(word: string) {
  const taskA = `Look up employee E1024 ${word}`;
  const taskB = `Check the leave balance ${word}`;
  return {
    taskA,
    taskB,
    reportA: `REPORT-A ${word}: E1024 is Anna Schmidt, in engineering.`,
    reportB: `REPORT-B ${word}: Anna has 12 days of annual leave left.`,
    answer: `ANSWER ${word}: Anna Schmidt has 12 days of annual leave left.`,
  };
}

/**
 * The answer once the run succeeded: done, the way into it taken, and the whole graph on screen, none of it cut off
 * by the canvas's edge (the canvas fits every node of a planned run as the graph grows, and when it opens).
 */
async function expectAnswered(page: Page, run: RunPage, lastCall: string) {
  await run.expectNode("end", "succeeded");
  await expect(page.getByTestId(`run-edge-e-${lastCall}-end`)).toHaveAttribute("data-taken", "true");
  for (const stepId of ["t1-c1", lastCall, "end"]) await expect(run.node(stepId)).toBeInViewport({ ratio: 1 });
}

async function openRunFromBox(page: Page, request: string, button: "plan-request" | "plan-instead") {
  const box = new ByRequestBox(page);
  await box.open();
  await box.find(request);
  await box.expectDecision("none");
  await page.getByTestId(button).click();
  await page.waitForURL(/\/runs\/[0-9a-f-]{36}$/);
  const run = new RunPage(page);
  await expect(run.view()).toBeVisible();
  return run;
}

test.describe("as an admin", () => {
  test.use({ signedInAs: "admin" });

  test("a request no routine fits is planned: the task list ticks, the graph grows, and the run becomes a routine draft a reviewer can review", async ({
    page,
    pageAs,
  }) => {
    const [word, other] = madeUpWords(2);
    const plan = twoTaskPlan(word);
    const gate = `planned-finish-${word}`;
    await fakeOpenAI.addRules([
      // Most specific first: the first matching rule answers.
      plannerRule(
        plan.reportB,
        { tasks: [{ id: "t2", status: "done" }], next: null, finished: true, answer: plan.answer },
        { hold: gate },
      ),
      plannerRule(plan.reportA, {
        tasks: [
          { id: "t1", status: "done", note: "The record was read." },
          { title: plan.taskB, criteria: "The annual leave balance is known", actor: HR_ASSISTANT },
        ],
        next: "t2",
      }),
      plannerRule(word, {
        tasks: [{ title: plan.taskA, criteria: "The employee's record is read", actor: HR_ASSISTANT }],
        next: "t1",
      }),
      ...actorRules(plan.taskB, "get_leave_balance", { employee_id: "E1024" }, plan.reportB),
      ...actorRules(plan.taskA, "get_employee", { employee_id: "E1024" }, plan.reportA),
    ]);

    const run = await openRunFromBox(page, `Please ${word} the ${other} for employee E1024`, "plan-request");
    await expect(page.getByTestId("run-mode")).toHaveAttribute("data-mode", "planned");
    await expect(page.getByTestId("run-request")).toContainText(word);

    // Live: both tasks ran, the last report waits for the planner (held), the graph has a node per call.
    const tasks = page.getByTestId("task-list");
    await expect(tasks.getByTestId("task-t1")).toHaveAttribute("data-status", "done");
    await expect(tasks.getByTestId("task-t2")).toContainText(plan.taskB);
    await expect(page.getByTestId("task-count")).toHaveText(/^1 of 2 tasks done/);
    await run.expectNode("t1-c1", "succeeded");
    await run.expectNode("t2-c1", "succeeded");
    await run.expectStatus("running");

    await fakeOpenAI.openGate(gate);
    await run.expectStatus("succeeded");
    await expect(tasks.getByTestId("task-t2")).toHaveAttribute("data-status", "done");
    await expect(page.getByTestId("task-count")).toHaveText(/^2 of 2 tasks done/);
    await expect(page.getByTestId("plan-answer")).toContainText(plan.answer);
    // The answer is marked by how the run ended, live and after a reload, and the canvas shows all of it.
    await expectAnswered(page, run, "t2-c1");
    await page.reload();
    await expect(run.view()).toBeVisible();
    await expectAnswered(page, run, "t2-c1");
    await page.screenshot({ path: test.info().outputPath("planned-run-answered.png") });

    // Save as a routine draft: the steps are the calls, the leave balance reads the id the lookup returned.
    await page.getByTestId("save-as-draft").click();
    const link = page.getByTestId("save-as-draft-link");
    await expect(link).toHaveAttribute("data-issues", "0");
    await link.click();
    await page.waitForURL(/\/routines\/[^/]+$/);
    await expect(page.getByTestId("designer-status")).toHaveAttribute("data-status", "draft");
    // A routine whose steps all sit in stages opens on its first step, not on the end beside them.
    await expect(page.getByTestId("step-node-t1-c1")).toBeInViewport();
    await expect(page.getByTestId("step-node-t2-c1")).toBeVisible();
    await page.getByTestId("submit-for-review").click();
    await expect(page.getByTestId("designer-status")).toHaveAttribute("data-status", "in_review");

    // The draft is in the normal review flow: a reviewer opens version 1.
    const routineId = new URL(page.url()).pathname.split("/").pop()!;
    const reviewer = await pageAs("reviewer");
    await reviewer.goto(`/routines/${routineId}/review/1`);
    await expect(reviewer.getByTestId("decision-bar")).toBeVisible();
    await expect(reviewer.getByText(plan.taskA).first()).toBeVisible();
  });
});

test.describe("as an operator", () => {
  test.use({ signedInAs: "operator" });

  test("an operator pauses a planned run, edits a pending task, and the actor works on the edited task", async ({
    page,
  }) => {
    const [word] = madeUpWords(1);
    const plan = twoTaskPlan(word);
    const edited = `Read Anna's sick leave balance ${word}`;
    const gate = `planned-pause-${word}`;
    await fakeOpenAI.addRules([
      plannerRule(plan.reportB, { tasks: [{ id: "t2", status: "done" }], finished: true, answer: plan.answer }),
      plannerRule(plan.reportA, { tasks: [{ id: "t1", status: "done" }], next: "t2" }),
      plannerRule(word, {
        tasks: [
          { title: plan.taskA, criteria: "The employee's record is read", actor: HR_ASSISTANT },
          { title: plan.taskB, criteria: "The annual leave balance is known", actor: HR_ASSISTANT },
        ],
        next: "t1",
      }),
      // The edited title is what the second task's actor must be given; the original one has no rule.
      ...actorRules(edited, "get_leave_balance", { employee_id: "E1024", leave_type: "sick" }, plan.reportB),
      ...actorRules(plan.taskA, "get_employee", { employee_id: "E1024" }, plan.reportA, { hold: gate }),
    ]);

    // The operator's choice: plan it although a routine might fit (here none does, so Plan it is the primary).
    const run = await openRunFromBox(page, `Could you ${word} for E1024`, "plan-request");
    await expect(page.getByTestId("task-t1")).toHaveAttribute("data-status", "running");
    await page.getByTestId("run-pause").click();
    await fakeOpenAI.openGate(gate);
    await run.expectStatus("paused");

    await expect(page.getByTestId("task-t2")).toHaveAttribute("data-status", "pending");
    await page.getByTestId("task-edit-t2").click();
    const form = page.getByTestId("task-edit-form");
    await form.getByTestId("task-edit-title").fill(edited);
    await form.getByTestId("task-edit-submit").click();
    await expect(form).toHaveCount(0);
    await expect(page.getByTestId("task-t2")).toContainText(edited);

    await page.getByTestId("run-resume").click();
    await run.expectStatus("succeeded");
    await expect(page.getByTestId("task-count")).toHaveText(/^2 of 2 tasks done/);
    expect(await fakeOpenAI.requests({ includes: edited })).not.toHaveLength(0);
    await expectAnswered(page, run, "t2-c1");

    // An operator may not write routine drafts: instead of a button, who can.
    await expect(page.getByTestId("save-as-draft-who")).toHaveText(
      "Only admins, and authors who started this run, can save it as a routine draft.",
    );
    await expect(page.getByTestId("save-as-draft")).toHaveCount(0);
  });
});

test.describe("as an operator with a long plan", () => {
  test.use({ signedInAs: "operator" });

  test("a 100-task plan stays readable and usable, and the operator stops the run", async ({ page }) => {
    const [word] = madeUpWords(1);
    const gate = `planned-long-${word}`;
    const tasks = Array.from({ length: 100 }, (_, at) => ({
      title: `Task ${at + 1} of the long plan ${word}`,
      criteria: `Step ${at + 1} is checked`,
      actor: HR_ASSISTANT,
    }));
    await fakeOpenAI.addRules([
      plannerRule(word, { tasks, next: "t1" }),
      // The first task's actor never answers until the gate opens: the run stays on task 1.
      {
        match: { anyMessageIncludes: tasks[0].title, hasTools: true },
        hold: gate,
        reply: { content: "never needed" },
      },
    ]);

    const run = await openRunFromBox(page, `Go through the long plan ${word}`, "plan-request");
    await expect(page.getByTestId("task-t1")).toHaveAttribute("data-status", "running");
    await expect(page.getByTestId("task-count")).toHaveText(/^0 of 100 tasks done/);
    const last = page.getByTestId("task-t100");
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
    await expect(last).toContainText(tasks[99].title);
    await expect(last).toHaveAttribute("data-status", "pending");

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("run-cancel").click();
    await run.expectStatus("cancelled");
    await fakeOpenAI.openGate(gate);
    await expect(page.getByTestId("task-t1")).not.toHaveAttribute("data-status", "done");
  });
});
