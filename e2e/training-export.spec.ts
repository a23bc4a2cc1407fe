import { expect, test, uniqueName } from "./fixtures";
import { dal } from "./support/dal";
import { publishWorkingVersion, createJsonRoutine } from "./support/routines";
import { oneToolRoutine } from "./support/runs";

// Issue #30: the training-data page says how many examples the filter takes, what each rule left out and why, and
// warns below a format's minimum (OpenAI: 10). The author's own routine keeps the counts theirs alone: two runs that
// succeeded, one that failed on a tool error, one evaluation run whose case passed.

test.use({ signedInAs: "author" });

test("the export page counts the examples, says what each rule left out, and warns below OpenAI's minimum", async ({
  page,
}) => {
  const name = uniqueName("E2E export");
  const lookUp = { employee_id: { from: "input", name: "employee_id" } };
  const routineId = await createJsonRoutine(
    oneToolRoutine(name, "Reads an employee's record.", "get_employee", lookUp),
  );
  const { versionId } = await publishWorkingVersion(routineId);
  // An unknown employee makes get_employee answer with an error: that run fails.
  const runIds = await Promise.all(
    ["E1024", "E1025", "E0000"].map(
      async (employee) => (await dal("operator", "startRun", { routineId, inputs: { employee_id: employee } })).runId,
    ),
  );
  await dal("author", "importTestCases", {
    routineId,
    jsonl: JSON.stringify({
      name: "Read E1024",
      request: "Show me E1024's record.",
      inputs: { employee_id: "E1024" },
      expectedCalls: [{ tool: "get_employee", arguments: { employee_id: { accepted: ["E1024"] } } }],
    }),
  });
  const { suiteId } = await dal("author", "createSuite", {
    routineId,
    name: "Export suite",
    concurrency: 1,
    configurations: [{ versionId, model: "", mode: "workflow", distractors: 0 }],
  });
  const { evalRunId } = await dal("author", "startEvalRun", { suiteId });
  for (const runId of runIds)
    await expect
      .poll(async () => dal("operator", "runStatus", { runId }), { timeout: 15_000 })
      .toMatch(/^(succeeded|failed)$/);
  await expect
    .poll(async () => (await dal("author", "getEvalRunProgress", { evalRunId })).status, { timeout: 15_000 })
    .toBe("succeeded");

  await page.goto("/evaluations/export");
  await expect(page.getByTestId("training-export-page")).toBeVisible();
  await page.getByTestId("export-routine").selectOption(routineId);
  const result = page.getByTestId("export-result");
  await expect(result.getByTestId("export-count")).toHaveText("2");
  await expect(result.getByTestId("export-excluded-evaluation_run")).toHaveAttribute("data-count", "1");
  await expect(result.getByTestId("export-excluded-evaluation_run")).toContainText("Evaluation runs");
  await expect(result.getByTestId("export-excluded-not_succeeded")).toHaveAttribute("data-count", "1");
  await expect(result.getByTestId("export-excluded-not_succeeded")).toContainText("Runs that did not succeed");
  await expect(result.getByTestId("export-minimum-warning")).toContainText("OpenAI needs at least 10 examples");
  await result.screenshot({ path: test.info().outputPath("training-export-summary.png") });

  // LLaMA-Factory sets no minimum; the evaluation run comes in as a choice of its own.
  await page.getByTestId("export-format").selectOption("llamafactory");
  await expect(result.getByTestId("export-minimum-warning")).toHaveCount(0);
  await page.getByTestId("export-source").selectOption("cases");
  await expect(result.getByTestId("export-count")).toHaveText("1");
  await expect(result.getByTestId("export-excluded-not_evaluation")).toHaveAttribute("data-count", "3");
  await expect(result.getByTestId("export-excluded-not_evaluation")).toContainText("Runs outside evaluations");

  // The download is the file the page counted: one line, the case's run.
  const download = await page.request.get((await result.getByTestId("export-download").getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect((await download.text()).trim().split("\n")).toHaveLength(1);
});
