import { expect, test, uniqueName } from "./fixtures";
import { EvaluationsPage } from "./pages/evaluations-page";
import { dal } from "./support/dal";
import { fakeOpenAI } from "./support/fake-openai";
import { balanceCase, balanceRoutine, expectSuiteRunSucceeded } from "./support/evaluations";
import { publishRoutine } from "./support/routines";

// Evidence a reviewer can act on (issue #32): a suite that runs each case three times with the routine and without
// it shows pass@1 and pass^3 with their counts, the routine's lift with its 95% interval, each trial's verdict with
// the tools' outcome beside it, columns named as the cards are, and the overview's figures per configuration.

test.use({ signedInAs: "author" });

const call = (name: string, args: Record<string, unknown>) => ({ reply: { toolCalls: [{ name, arguments: args }] } });

/**
 * One trial's turns: right; a wrong year; or (the baseline's guess) an unknown employee, which the HR tool answers
 * with an error. Cases run one at a time, each trial after the other, so each trial takes the next three turns.
 */
function trial(marker: string, model: string, kind: "right" | "wrong" | "unknown") {
  const employee = kind === "unknown" ? "E0000" : "E1024";
  const turns = [
    call("get_employee", { employee_id: employee }),
    call("get_leave_balance", {
      employee_id: employee,
      leave_type: "annual",
      ...(kind === "wrong" ? { year: 2024 } : {}),
    }),
    { reply: { content: "Here is the balance." } },
  ];
  return turns.map((turn) => ({ match: { anyMessageIncludes: marker, model }, times: 1, ...turn }));
}

test("three trials per case with and without the routine: pass^3, the lift with its interval, outcomes", async ({
  page,
}) => {
  const routineName = uniqueName("E2E trials");
  const routineId = await publishRoutine(balanceRoutine(routineName));
  const { versionId } = await dal("author", "workingVersion", { routineId });
  const steady = uniqueName("[steady]");
  const flaky = uniqueName("[flaky]");
  await dal("author", "importTestCases", {
    routineId,
    jsonl: [balanceCase("Steady balance", steady), balanceCase("Flaky balance", flaky)].join("\n"),
  });
  // With the routine: the steady case right three times, the flaky one right, wrong, right. Without: never right,
  // and the flaky case's guesses name an employee who does not exist.
  await fakeOpenAI.addRules([
    ...trial(steady, "fake-routine", "right"),
    ...trial(steady, "fake-routine", "right"),
    ...trial(steady, "fake-routine", "right"),
    ...trial(flaky, "fake-routine", "right"),
    ...trial(flaky, "fake-routine", "wrong"),
    ...trial(flaky, "fake-routine", "right"),
    ...[0, 1, 2].flatMap(() => trial(steady, "fake-base", "wrong")),
    ...[0, 1, 2].flatMap(() => trial(flaky, "fake-base", "unknown")),
  ] as never);
  const { suiteId } = await dal("author", "createSuite", {
    routineId,
    name: "With routine vs without",
    concurrency: 1,
    trials: 3,
    configurations: [
      { versionId, model: "fake-routine", mode: "agent", distractors: 0 },
      { versionId, model: "fake-base", mode: "baseline", distractors: 0 },
    ],
  });
  await page.goto(`/evaluations/${routineId}/suites/${suiteId}`);
  await expect(page.getByText("3 trials per case")).toBeVisible();
  await new EvaluationsPage(page).runSuite();
  await expectSuiteRunSucceeded("author", new URL(page.url()).searchParams.get("run")!, 60_000);
  await page.reload();

  const evaluations = new EvaluationsPage(page);
  await evaluations.expectScore(0, "5 / 6");
  await evaluations.expectScore(1, "0 / 6");
  const withRoutine = evaluations.scoreCard(0);
  await expect(withRoutine.getByTestId("score-accuracy")).toHaveText("83.3%");
  await expect(withRoutine.getByTestId("score-accuracy-count")).toHaveText("pass@1 (5/6)");
  await expect(withRoutine.getByTestId("score-pass-all")).toHaveText("50% (1/2 cases)");
  await expect(evaluations.scoreCard(1).getByTestId("score-pass-all")).toHaveText("0% (0/2 cases)");
  // Call accuracy with its count: the routine's 12 calls all right but one (the wrong year).
  await expect(withRoutine.getByTestId("score-call-accuracy")).toHaveText("91.7% (11/12)");

  // The lift of the routine over the baseline, on the same cases, with its interval and what it means.
  const lift = page.getByTestId("lift-row");
  await expect(lift).toHaveCount(1);
  await expect(lift).toContainText("#1 v1 · Agent with routine · fake-routine");
  await expect(lift).toContainText("#2 v1 · Agent without routine (baseline) · fake-base");
  await expect(lift.getByTestId("lift-points")).toHaveText("+83.3 points");
  await expect(lift.getByTestId("lift-interval")).toContainText("95% interval +66.7 to +100.0");
  // Two cases cannot tell a difference from chance: the page says so rather than claim a lift.
  await expect(lift.getByTestId("lift-verdict")).toHaveText("not distinguishable from zero");

  // One order of error kinds: the chart's legend as the table under it, most severe first.
  const kinds = ["Structural", "Tool selection", "Parameter", "Outcome"];
  await expect(page.getByTestId("error-chart").locator(".recharts-legend-item-text")).toHaveText(kinds);
  await page.getByText("Show the figures as a table").click();
  await expect(page.getByTestId("error-table-kind")).toHaveText(kinds);

  // Each trial's verdict, with the tools' outcome in its own column; the heads name the configurations.
  const labels = await page.getByTestId("score-label").allTextContents();
  await expect(page.getByTestId("results-column")).toHaveText(labels);
  await expect(page.getByTestId("results-rule")).toContainText("judges the calls, not what the tools answered");
  const flakyRow = page.getByTestId("results-row").filter({ hasText: "Flaky balance" });
  await expect(flakyRow.getByTestId("result-trials-passed").first()).toHaveText("2/3 passed");
  await expect(flakyRow.getByTestId("result-cell-failed")).toHaveCount(4);
  await expect(flakyRow.getByTestId("result-outcome-error")).toHaveCount(3);
  await expect(flakyRow.getByTestId("result-outcome-error").first()).toHaveText("1: 2 tool errors");

  // The drill-down of a baseline trial names the trial and the tool's error.
  await flakyRow.getByRole("link", { name: /configuration 2, trial 2: failed/ }).click();
  const detail = page.getByTestId("result-detail");
  await expect(detail).toContainText("Trial 2 of 3");
  await expect(detail.getByTestId("result-detail-outcome")).toContainText('Unknown employee ID "E0000"');
  await expect(detail.getByTestId("result-detail-outcome")).toContainText("not strict");

  // The Evaluations overview shows each configuration's figures, never one blended over both.
  await page.goto("/evaluations");
  const row = page.getByTestId("evaluations-row").filter({ hasText: routineName });
  await expect(row.getByTestId("configuration-figure")).toHaveText([
    "#1 v1 · Agent with routine · fake-routine · Plan-aware context: 83.3% (5/6)",
    "#2 v1 · Agent without routine (baseline) · fake-base · Plan-aware context: 0% (0/6)",
  ]);
});
