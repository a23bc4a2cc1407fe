import { expect, test, uniqueName } from "./fixtures";
import { EvaluationsPage } from "./pages/evaluations-page";
import { dal } from "./support/dal";
import { DEMO_HR_URL } from "./support/env";
import { oneToolRoutine } from "./support/runs";

// Issue #29: an author's unreviewed draft that calls a tool which changes data is evaluated in the sandbox. The
// results say the call was simulated and still score it; the case editor says beforehand that it will be; and the
// demo HR server records no side effect of the suite's run.

test.use({ signedInAs: "author" });

const NEW_PHONE = "+49 30 5550199";

/** One step that changes an employee's phone number (update_employee_contact), then the end. */
const contactRoutine = (name: string) =>
  oneToolRoutine(name, "Changes an employee's phone number.", "update_employee_contact", {
    employee_id: { from: "input", name: "employee_id" },
    phone: { from: "literal", value: NEW_PHONE },
  });

/** The side effects the demo HR server ran, by tool and idempotency key (`<runId>:<stepRunId>`). */
async function sideEffects(): Promise<Array<{ tool: string; idempotencyKey: string }>> {
  const response = await fetch(DEMO_HR_URL.replace(/\/mcp$/, "/debug/side-effects"));
  return ((await response.json()) as { sideEffects: Array<{ tool: string; idempotencyKey: string }> }).sideEffects;
}

test("a draft's write call is simulated in its suite, scored, and shown as such in the results and the case editor", async ({
  page,
}) => {
  const name = uniqueName("E2E sandbox");
  const { routineId, versionId } = await dal("author", "createRoutine", {
    name,
    source: { kind: "json", text: JSON.stringify(contactRoutine(name)) },
  });
  expect((await dal("author", "workingVersion", { routineId })).status).toBe("draft");
  await dal("author", "importTestCases", {
    routineId,
    jsonl: JSON.stringify({
      name: "New phone for E1024",
      request: "Change E1024's phone number.",
      inputs: { employee_id: "E1024" },
      expectedCalls: [
        {
          tool: "update_employee_contact",
          arguments: { employee_id: { accepted: ["E1024"] }, phone: { accepted: [NEW_PHONE] } },
        },
      ],
    }),
  });
  const { suiteId } = await dal("author", "createSuite", {
    routineId,
    name: "Draft in the sandbox",
    concurrency: 1,
    configurations: [{ versionId, model: "", mode: "workflow", distractors: 0 }],
  });

  // The author runs the suite on the unreviewed draft.
  const evaluations = new EvaluationsPage(page);
  await page.goto(`/evaluations/${routineId}/suites/${suiteId}`);
  await evaluations.runSuite();
  await evaluations.expectScore(0, "1 / 1");
  await evaluations.expectFinished();
  const table = page.getByTestId("results-table");
  await expect(table.getByTestId("result-answer-counts")).toHaveText("1 simulated");

  // The drill-down: the call is scored correct, and labelled simulated.
  await table.getByTestId("result-cell-passed").click();
  const detail = page.getByTestId("result-detail");
  await expect(detail).toBeVisible();
  const call = detail.getByTestId("drill-call-passed");
  await expect(call).toContainText("update_employee_contact");
  await expect(call.getByTestId("answer-origin-simulated")).toHaveText("simulated");
  await expect(detail.getByTestId("answer-origin-legend")).toContainText("never calls it");
  await detail.screenshot({ path: test.info().outputPath("sandbox-results-drill-down.png") });

  // Nothing reached the HR server from this suite's run.
  const href = await detail.getByTestId("result-run-link").getAttribute("href");
  const runId = href!.split("/").pop()!;
  expect((await sideEffects()).filter((effect) => effect.idempotencyKey.startsWith(`${runId}:`))).toEqual([]);

  // The case editor says beforehand that this call will be simulated, and why.
  await page.goto(`/evaluations/${routineId}`);
  await page.getByTestId("case-row").getByTestId("edit-case").click();
  const editor = page.getByTestId("case-editor");
  await expect(editor.getByTestId("call-answer-source")).toHaveAttribute("data-source", "simulated");
  await expect(editor.getByTestId("answer-sources-note")).toContainText("pin the outputs later steps depend on");
  await editor.screenshot({ path: test.info().outputPath("sandbox-case-editor.png") });
});

test("an admin sees which tools change data and why, and overrides one with the keyboard", async ({ pageAs }) => {
  const page = await pageAs("admin");
  await page.goto("/tools");
  await page.getByTestId("server-link-hr").click();
  await expect(page.getByTestId("tool-server-page")).toBeVisible();
  // A write tool by its annotations; list_holidays reads (no other test uses it, so overriding it disturbs none).
  await expect(page.getByTestId("tool-side-effects-update_employee_contact")).toHaveText("Changes data");
  const badge = page.getByTestId("tool-side-effects-list_holidays");
  await expect(badge).toHaveText("Read-only");

  await page.getByTestId("tool-toggle-list_holidays").click();
  const panel = page.getByTestId("tool-side-effects-panel-list_holidays");
  await expect(panel.getByTestId("tool-side-effects-reason-list_holidays")).toContainText("readOnlyHint: true");
  const select = panel.getByTestId("tool-side-effects-select-list_holidays");
  await select.focus();
  await select.selectOption("writes");
  await page.keyboard.press("Tab");
  await expect(panel.getByTestId("tool-side-effects-save-list_holidays")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(panel.getByTestId("tool-side-effects-status-list_holidays-success")).toContainText(
    "it counts as changing data",
  );
  await expect(badge).toHaveText("Changes data (admin)");
  await expect(panel.getByTestId("tool-side-effects-reason-list_holidays")).toContainText("An admin marked it");
  await panel.screenshot({ path: test.info().outputPath("sandbox-tool-override.png") });

  await select.selectOption("annotations");
  await panel.getByTestId("tool-side-effects-save-list_holidays").click();
  await expect(badge).toHaveText("Read-only");
});
