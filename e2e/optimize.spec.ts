import type { Page } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures";
import { DesignerPage } from "./pages/designer-page";
import { OptimizeDialog } from "./pages/optimize-dialog";
import { RoutinesPage } from "./pages/routines-page";
import { withDatabase } from "./support/database";
import { fakeOpenAI } from "./support/fake-openai";
import { answerPlanning, LEAVE_PAPER, plannedLeave } from "./support/planner-answers";
import { createPaperRoutine } from "./support/routines";

// The designer is a desktop tool: palette, canvas and inspector side by side.
test.use({ viewport: { width: 1600, height: 1000 }, signedInAs: "author" });

/** Creates a routine from the paper draft (through the DAL) and opens it in the designer; returns its id. */
async function openPaperRoutine(page: Page, name: string): Promise<string> {
  const routineId = await createPaperRoutine(name, LEAVE_PAPER);
  await new DesignerPage(page).open(routineId, name);
  return routineId;
}

function versionsOf(routineId: string): Array<{ number: number; status: string }> {
  return withDatabase(
    (db) =>
      db
        .prepare(`SELECT "number", "status" FROM "routine_version" WHERE "routineId" = ? ORDER BY "number"`)
        .all(routineId) as Array<{ number: number; status: string }>,
  );
}

test("an author optimizes the current canvas: the phases, then version 2 in review", async ({ page }) => {
  const name = uniqueName("Leave (canvas)");
  const routineId = await openPaperRoutine(page, name);
  await new DesignerPage(page).expectVersion(1, "draft");
  const gate = `${name} answers`;
  await answerPlanning(name, plannedLeave(`${name} optimized`), { hold: gate });

  const optimize = new OptimizeDialog(page);
  await optimize.optimizeCanvas();
  await expect(optimize.progress()).toBeVisible();
  // The server's own progress, streamed while the model (held until the gate opens) writes.
  await expect(optimize.dialog().getByTestId("optimize-message")).toHaveText(
    "Asking the planner model (fake-model) to write the routine…",
  );
  await expect(optimize.phase()).toHaveText("Planning");
  await expect(optimize.phaseChip("planning")).toHaveAttribute("data-state", "current");
  await expect(page.getByRole("progressbar", { name: "Optimization progress" })).toHaveAttribute(
    "aria-valuetext",
    /^Planning: Asking the planner model/,
  );
  await page.screenshot({ path: test.info().outputPath("optimize-progress.png") });

  await fakeOpenAI.openGate(gate);
  await optimize.expectDone(2);
  for (const phase of ["planning", "validating", "saving"] as const)
    await expect(optimize.phaseChip(phase)).toHaveAttribute("data-state", "passed");
  await expect(optimize.dialog().getByTestId("optimize-review-link")).toHaveAttribute(
    "href",
    `/routines/${routineId}/review/2`,
  );

  const [sent] = await fakeOpenAI.requests({ includes: name });
  expect(JSON.stringify(sent.body)).toContain(`Routine: ${name}`);
  expect(sent.body).toMatchObject({ model: "fake-model", response_format: { type: "json_schema" } });

  await optimize.closeDone();
  await new DesignerPage(page).expectVersion(2, "in_review");
  await expect(page.getByTestId("designer-read-only")).toHaveText("Read only while in review: withdraw it to edit.");
  await expect(page.getByTestId("page-title")).toHaveText(`${name} optimized`);
  await expect(optimize.openButton()).toHaveCount(0);
  expect(versionsOf(routineId)).toEqual([
    { number: 1, status: "draft" },
    { number: 2, status: "in_review" },
  ]);
});

test("a pasted draft in another language is repaired once, then saved in review", async ({ page }) => {
  const name = uniqueName("Urlaub");
  const routineId = await openPaperRoutine(page, name);
  const token = uniqueName("Urlaubsantrag").replace(/\s+/g, "-");
  const gate = `${token} repaired`;
  const draft = `${token}\nSchritt 1: Prüfe den Resturlaub.\nSchritt 2: Wenn genug Tage übrig sind, beantrage den Urlaub, sonst erkläre warum nicht.`;
  await fakeOpenAI.addRules([
    {
      match: { anyMessageIncludes: token },
      times: 1,
      reply: { json: plannedLeave("Urlaub beantragen", "get_holiday_balance") },
    },
    {
      match: { anyMessageIncludes: token, lastMessageIncludes: "get_holiday_balance" },
      hold: gate,
      reply: { json: plannedLeave("Urlaub beantragen") },
    },
  ]);

  const optimize = new OptimizeDialog(page);
  await optimize.optimizeText(draft);
  await expect(optimize.phase()).toHaveText("Repairing (round 1)");
  await fakeOpenAI.openGate(gate);
  await optimize.expectDone(2);
  await expect(optimize.dialog().getByTestId("optimize-done-summary")).toContainText("with 1 repair");
  await expect(optimize.phaseChip("repairing")).toHaveAttribute("data-state", "passed");

  const [first] = await fakeOpenAI.requests({ includes: token });
  expect(JSON.stringify(first.body)).toContain("Prüfe den Resturlaub");
  expect(versionsOf(routineId).map((version) => version.status)).toEqual(["draft", "in_review"]);
});

test("a model that answers prose: a clear error, and the routine is still a draft", async ({ page }) => {
  const name = uniqueName("Leave (prose)");
  const routineId = await openPaperRoutine(page, name);
  await fakeOpenAI.addRules([
    {
      match: { anyMessageIncludes: name },
      reply: { content: "Sure! First check the balance, then file the leave. Let me know if you need more." },
    },
  ]);

  const optimize = new OptimizeDialog(page);
  await optimize.optimizeCanvas();
  await optimize.expectFailed(
    /answered with text instead of a routine in JSON.*Settings → Models.*Nothing was saved\.$/,
  );
  await expect(optimize.dialog().getByTestId("optimize-error")).toContainText(
    "The model did not answer with a routine",
  );
  await page.screenshot({ path: test.info().outputPath("optimize-error.png") });

  await optimize.dialog().getByTestId("optimize-failed-close").click();
  await expect(optimize.dialog()).toBeHidden();
  const library = new RoutinesPage(page);
  await library.goto();
  await expect(library.row(name).getByTestId("routine-status")).toHaveAttribute("data-status", "draft");
  await expect(library.row(name).getByTestId("routine-version")).toHaveText("v1");
  expect(versionsOf(routineId)).toEqual([{ number: 1, status: "draft" }]);
});

test("cancelling while the model works stops the call on the server, and nothing is saved", async ({ page }) => {
  const name = uniqueName("Leave (cancel)");
  const routineId = await openPaperRoutine(page, name);
  // Held until the test ends: only the cancel can end this call.
  await fakeOpenAI.addRules([
    { match: { anyMessageIncludes: name }, hold: `${name} never`, reply: { json: plannedLeave(name) } },
  ]);

  const optimize = new OptimizeDialog(page);
  await optimize.optimizeCanvas();
  await expect.poll(async () => (await fakeOpenAI.requests({ includes: name })).length).toBe(1);
  await optimize.dialog().getByTestId("optimize-cancel").click();
  await expect(optimize.failed()).toHaveAttribute("data-kind", "cancelled");
  await expect(optimize.errorMessage()).toHaveText("Cancelled. Nothing was saved.");

  // The server recorded the model call as cancelled (it would say "ok" had it waited for the answer and saved).
  const calls = () =>
    withDatabase(
      (db) =>
        db.prepare(`SELECT "status", "error" FROM "llm_call" WHERE "routineId" = ?`).all(routineId) as Array<{
          status: string;
          error: string | null;
        }>,
    );
  await expect.poll(calls).toEqual([{ status: "error", error: expect.stringMatching(/^aborted:/) }]);
  expect(versionsOf(routineId)).toEqual([{ number: 1, status: "draft" }]);
});

test("a pasted draft over the limit is counted and not sent", async ({ page }) => {
  await openPaperRoutine(page, uniqueName("Leave (long)"));
  const optimize = new OptimizeDialog(page);
  await optimize.open();
  await optimize.chooseSource("text");
  await optimize.draft().fill("x".repeat(40_001));
  await expect(optimize.counter()).toHaveText("40,001 / 40,000 characters");
  await expect(optimize.dialog().getByText("1 character over the limit: shorten the draft")).toBeVisible();
  await expect(optimize.startButton()).toBeDisabled();
  await optimize.draft().fill("Check the balance, then file the leave.");
  await expect(optimize.startButton()).toBeEnabled();
});
