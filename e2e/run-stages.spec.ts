import type { Page } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures";
import { RunPage } from "./pages/run-page";
import { SAME_ORIGIN } from "./support/env";
import { fakeOpenAI } from "./support/fake-openai";
import { publishRoutine } from "./support/routines";
import { approveStep, balanceStep, lookupStep, noteStep, stagedRoutine } from "./support/stage-routines";

test.use({ signedInAs: "operator" });

/** Starts a run of the routine for employee E1024 over the JSON API, with the page's session; returns its id. */
async function startRun(page: Page, routineId: string): Promise<string> {
  const started = await page.request.post("/api/runs", {
    headers: SAME_ORIGIN,
    data: { routineId, inputs: { employee_id: "E1024" } },
  });
  expect(started.status(), await started.text()).toBe(201);
  return ((await started.json()) as { runId: string }).runId;
}

const stageNode = (page: Page, stageId: string) => page.getByTestId(`run-stage-node-${stageId}`);

/** Picks the stage on the collapsed canvas and waits for its panel. */
async function openStage(page: Page, stageId: string) {
  await stageNode(page, stageId).click();
  await expect(page.getByTestId("stage-panel")).toHaveAttribute("data-stage", stageId);
}

/** Presses one of the selected stage's controls and confirms it in its dialog, with a reason. */
async function controlStage(page: Page, action: "pause" | "cancel" | "retry", reason: string) {
  await page.getByTestId(`stage-${action}`).click();
  const dialog = page.getByTestId("stage-control-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("stage-reason").fill(reason);
  await dialog.getByTestId("stage-control-confirm").click();
  await expect(dialog).toBeHidden();
}

test("the canvas collapses to one node per stage with its progress, and expands back to the steps", async ({
  page,
}) => {
  const routineId = await publishRoutine(
    stagedRoutine(uniqueName("E2E stages"), [
      { id: "collect", name: "Collect", steps: [lookupStep()] },
      { id: "decide", name: "Decide", steps: [approveStep(), balanceStep()] },
    ]),
  );
  const run = new RunPage(page);
  await run.goto(await startRun(page, routineId));
  await run.expectNode("approve", "waiting");

  // A real toggle button, reachable and pressed from the keyboard.
  const toggle = page.getByRole("button", { name: "Stages" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");

  const stages = page.getByTestId("run-stages-canvas");
  await expect(stages.locator("[data-testid^='run-stage-node-']")).toHaveCount(2);
  await expect(run.node("lookup")).toHaveCount(0);
  await expect(stageNode(page, "collect")).toHaveAttribute("data-state", "succeeded");
  await expect(stageNode(page, "collect").getByTestId("run-stage-progress")).toHaveText("1 / 1 steps");
  await expect(stageNode(page, "decide")).toHaveAttribute("data-state", "waiting");
  await expect(stageNode(page, "decide").getByTestId("run-stage-progress")).toHaveText("0 / 2 steps");

  // A finished stage's controls say why they do not apply; the stage the run waits in lists its steps' states.
  await openStage(page, "collect");
  await expect(page.getByTestId("stage-cancel")).toBeDisabled();
  await expect(page.getByTestId("stage-controls-hints")).toContainText("Cancel stage: This stage has finished.");
  await openStage(page, "decide");
  await expect(page.getByTestId("stage-step-approve")).toHaveAttribute("data-state", "waiting");
  await expect(page.getByTestId("stage-step-balance")).toHaveAttribute("data-state", "pending");
  await expect(page.getByTestId("stage-cancel")).toBeEnabled();

  // The run tab sums the run up by stage.
  await page.getByTestId("run-panel-tab-run").click();
  await expect(page.getByTestId("run-hierarchy-decide")).toHaveAttribute("data-state", "waiting");

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByTestId("run-stages-canvas")).toHaveCount(0);
  await run.expectNode("lookup", "succeeded");
  await run.expectNode("approve", "waiting");
});

test("an operator cancels the stage waiting for a person, with a reason; the next stage runs and the run succeeds", async ({
  page,
}) => {
  const routineId = await publishRoutine(
    stagedRoutine(uniqueName("E2E stage cancel"), [
      { id: "review", name: "Review", steps: [approveStep()] },
      { id: "records", name: "Records", steps: [lookupStep(), balanceStep()] },
    ]),
  );
  const run = new RunPage(page);
  await run.goto(await startRun(page, routineId));
  await run.expectNode("approve", "waiting");
  await run.expectStatus("waiting");

  await page.getByRole("button", { name: "Stages" }).click();
  await expect(stageNode(page, "records")).toHaveAttribute("data-state", "pending");
  await openStage(page, "review");
  await controlStage(page, "cancel", "Approved on the phone");

  await run.expectStatus("succeeded");
  await expect(stageNode(page, "review")).toHaveAttribute("data-state", "cancelled");
  await expect(stageNode(page, "records")).toHaveAttribute("data-state", "succeeded");
  await expect(stageNode(page, "records").getByTestId("run-stage-progress")).toHaveText("2 / 2 steps");
  await expect(page.getByTestId("stage-panel")).toHaveAttribute("data-state", "cancelled");

  await page.getByRole("button", { name: "Stages" }).click();
  await run.expectNode("approve", "skipped");
  await run.expectNode("balance", "succeeded");

  await page.getByTestId("run-panel-tab-run").click();
  await expect(page.getByTestId("run-log")).toContainText(
    "Otto Operator cancelled stage “Review”: “Approved on the phone”",
  );
});

test("retrying a finished stage runs its steps again, live, and the run succeeds again", async ({ page }) => {
  const marker = uniqueName("stage-retry").replace(" ", "-");
  const gate = `${marker} held`;
  await fakeOpenAI.addRules([
    { match: { anyMessageIncludes: marker }, times: 1, reply: { content: "12 days of annual leave left." } },
    { match: { anyMessageIncludes: marker }, hold: gate, reply: { content: "Still 12 days left." } },
  ]);
  const routineId = await publishRoutine(
    stagedRoutine(uniqueName("E2E stage retry"), [
      { id: "collect", name: "Collect", steps: [lookupStep()] },
      { id: "report", name: "Report", steps: [balanceStep(), noteStep(marker)] },
    ]),
  );
  const run = new RunPage(page);
  await run.goto(await startRun(page, routineId));
  await run.expectStatus("succeeded");

  await page.getByRole("button", { name: "Stages" }).click();
  await openStage(page, "report");
  await expect(page.getByTestId("stage-panel-passes")).toHaveCount(0);
  await controlStage(page, "retry", "The balance changed");

  // The stage's steps run again while the model's answer is held: the stage shows running, and its second run.
  await expect(stageNode(page, "report")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("stage-step-note")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("stage-panel-passes")).toHaveText("ran 2 times");
  await expect(stageNode(page, "collect")).toHaveAttribute("data-state", "succeeded");
  await expect(page.getByTestId("stage-retry")).toBeDisabled();

  await fakeOpenAI.openGate(gate);
  await run.expectStatus("succeeded");
  await expect(stageNode(page, "report")).toHaveAttribute("data-state", "succeeded");
  await expect(page.getByTestId("stage-step-balance").getByTestId("stage-step-runs")).toHaveText("ran 2×");
  await page.getByTestId("stage-step-note").click();
  await expect(run.stepDetail()).toContainText("pass 2");

  await page.getByTestId("run-panel-tab-run").click();
  await expect(page.getByTestId("run-log")).toContainText(
    "Otto Operator retried stage “Report”: “The balance changed”",
  );
  // The note's two model turns, with what their prompts carried beside full history (issue #18's savings per run).
  await expect(page.getByTestId("context-use")).toContainText("Plan-aware");
  await expect(page.getByTestId("context-tokens")).toContainText("over 2 model turns");
  await expect(page.getByTestId("context-full-tokens")).toBeVisible();
});

test("an operator skips the step the run waits at, saying why; the run goes on after it", async ({ page }) => {
  const routineId = await publishRoutine(
    stagedRoutine(uniqueName("E2E step skip"), [
      { id: "decide", name: "Decide", steps: [approveStep(), balanceStep()] },
    ]),
  );
  const run = new RunPage(page);
  await run.goto(await startRun(page, routineId));
  await run.expectNode("approve", "waiting");
  await run.openStep("approve");
  await page.getByTestId("step-skip-open").click();
  // Without a reason nothing is sent.
  await page.getByTestId("step-skip").click();
  await expect(page.getByTestId("step-skip-reason-error")).toHaveText("Say why you skip this step.");
  await run.expectNode("approve", "waiting");
  await page.getByTestId("step-skip-reason").fill("Approved in the meeting");
  await page.getByTestId("step-skip").click();

  await run.expectStatus("succeeded");
  await run.expectNode("approve", "skipped");
  await run.expectNode("balance", "succeeded");
  await page.getByTestId("run-panel-tab-run").click();
  await expect(page.getByTestId("run-log")).toContainText(
    "Otto Operator skipped “Approve the request”: “Approved in the meeting”",
  );
});
