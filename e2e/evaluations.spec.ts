import type { Page } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures";
import { EvaluationsPage } from "./pages/evaluations-page";
import { dal } from "./support/dal";
import { fakeOpenAI } from "./support/fake-openai";
import { balanceCase, balanceRoutine, expectSuiteRunSucceeded } from "./support/evaluations";
import { publishRoutine } from "./support/routines";
import { SAME_ORIGIN } from "./support/env";

// Routine accuracy in the browser: cases (one saved from a run, one imported), a suite of two modes run against the
// fake model, its chart and a failed case's drill-down, then the publish gate on a version that scores lower.

test.use({ signedInAs: "author" });

const call = (name: string, args: Record<string, unknown>) => ({ reply: { toolCalls: [{ name, arguments: args }] } });

/** The executor's turns for one case in agent mode: right, or with the wrong leave type. */
function agentRules(marker: string, answer: "right" | "wrong", model?: string) {
  // The wrong answer asks for a year the case does not accept: an argument the routine leaves open. (The engine
  // refuses an agent's change to what the routine fixes, such as leave_type, before it is sent.)
  const turns = [
    call("get_employee", { employee_id: "E1024" }),
    call("get_leave_balance", {
      employee_id: "E1024",
      leave_type: "annual",
      ...(answer === "wrong" ? { year: 2024 } : {}),
    }),
    { reply: { content: "E1024 has annual leave left." } },
  ];
  return turns.map((turn) => ({
    match: { anyMessageIncludes: marker, ...(model ? { model } : {}) },
    times: 1,
    ...turn,
  }));
}

test("cases from a run and an import, a suite of two modes, its chart, and a failed case", async ({ page, pageAs }) => {
  const name = uniqueName("E2E accuracy");
  const routineId = await publishRoutine(balanceRoutine(name));
  const fromRun = uniqueName("[from-run]");
  const imported = uniqueName("[imported]");

  // An operator's run (workflow mode, over the demo HR server) becomes the first case.
  const operator = await pageAs("operator");
  const started = await operator.request.post("/api/runs", {
    headers: SAME_ORIGIN,
    data: { routineId, inputs: { employee_id: "E1024" }, request: `${fromRun} How much leave has E1024 left?` },
  });
  expect(started.status()).toBe(201);
  const { runId } = (await started.json()) as { runId: string };
  await expect
    .poll(
      async () => ((await (await operator.request.get(`/api/runs/${runId}`)).json()) as { status: string }).status,
      {
        timeout: 30_000,
      },
    )
    .toBe("succeeded");
  await operator.context().close();

  await page.goto(`/runs/${runId}`);
  await page.getByTestId("save-as-case").click();
  await page.getByTestId("case-from-run-name").fill("Balance from a run");
  await page.getByTestId("save-as-case-submit").click();
  await page.getByTestId("open-test-cases").click();
  await expect(page).toHaveURL(new RegExp(`/evaluations/${routineId}$`));
  await expect(page.getByTestId("case-row")).toHaveCount(1);

  // The second case is imported as JSONL.
  const line = {
    name: "Imported balance",
    request: `${imported} Leave left for E1024?`,
    inputs: { employee_id: "E1024" },
    expectedCalls: [
      { tool: "get_employee", arguments: { employee_id: { accepted: ["E1024"] } } },
      {
        tool: "get_leave_balance",
        arguments: {
          employee_id: { accepted: ["E1024"] },
          leave_type: { accepted: ["annual"] },
          year: { accepted: [2025], optional: true },
        },
      },
    ],
  };
  await page.getByTestId("import-cases").click();
  await page.getByTestId("import-text").fill(JSON.stringify(line));
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("case-row")).toHaveCount(2);

  // Agent mode: the model gets the run's case right and the imported one wrong (the year).
  await fakeOpenAI.addRules([...agentRules(fromRun, "right"), ...agentRules(imported, "wrong")] as never);

  const evaluations = new EvaluationsPage(page);
  await evaluations.gotoSuites(routineId);
  await expect(page.getByTestId("suites-empty")).toBeVisible();
  await page.getByTestId("suite-new").click();
  await evaluations.fillSuite({
    name: "Workflow vs agent",
    concurrency: 2,
    configurations: [{ mode: "workflow" }, { mode: "agent" }],
  });
  await evaluations.saveSuite();
  await expect(page.getByTestId("suite-never-run")).toBeVisible();
  await evaluations.runSuite();
  await evaluations.expectScore(0, "2 / 2");
  await evaluations.expectScore(1, "1 / 2");
  await evaluations.expectFinished();
  await expect(evaluations.scoreCard(0).getByTestId("score-accuracy")).toHaveText("100%");
  await expect(evaluations.scoreCard(1).getByTestId("score-accuracy")).toHaveText("50%");

  // The chart, with its figures as a table.
  const chart = page.getByTestId("error-chart");
  await expect(chart.getByRole("img", { name: /Failed cases by error kind/ })).toHaveAttribute(
    "aria-label",
    /1 parameter/,
  );
  await chart.getByText("Show the figures as a table").click();
  await expect(page.getByTestId("error-table").locator("tbody tr")).toHaveCount(2);

  // The results table names its columns as the score cards do, not "#1" and "#2" alone.
  const cardLabels = await page.getByTestId("score-label").allInnerTexts();
  await expect(page.getByTestId("results-column")).toHaveText(cardLabels);
  expect(cardLabels[0]).toMatch(/^#1 v\d+ · /);

  // Drill into the failed case: expected vs actual, the wrong parameter marked, the run one click away.
  const detail = await evaluations.openFirstFailure();
  await expect(detail).toContainText("Imported balance");
  await expect(detail.getByTestId("drill-call-failed")).toHaveCount(1);
  await expect(detail.getByTestId("drill-call-errors")).toContainText("year");
  await expect(detail.getByTestId("result-run-link")).toHaveAttribute("href", /^\/runs\/[0-9a-f-]{36}$/);
});

/**
 * Runs the suite from its page and waits until its eval run finished. Started through the app, the server's eval
 * driver is woken at once; started by the set-up service (another process) it only found the run on its safety
 * poll, up to 5 s later, twice per test.
 */
async function runSuiteToEnd(page: Page, routineId: string, suiteId: string) {
  await page.goto(`/evaluations/${routineId}/suites/${suiteId}`);
  await new EvaluationsPage(page).runSuite();
  await expectSuiteRunSucceeded("author", new URL(page.url()).searchParams.get("run")!, 30_000);
}

test("the suite compares a version in review with the published one, and the reviewer meets the publish gate", async ({
  page,
  pageAs,
}) => {
  const name = uniqueName("E2E gate");
  const routineId = await publishRoutine(balanceRoutine(name));
  const v1 = await dal("author", "workingVersion", { routineId });
  const fromRun = uniqueName("[from-run]");
  const imported = uniqueName("[imported]");
  await dal("author", "importTestCases", {
    routineId,
    jsonl: [
      balanceCase("Balance from a run", fromRun, { optionalYear: true }),
      balanceCase("Imported balance", imported, { optionalYear: true }),
    ].join("\n"),
  });
  const agentOn = (versionId: string, model = "") => ({ versionId, model, mode: "agent" as const, distractors: 0 });

  // The suite's first run: agent mode on version 1 gets the imported case wrong (the leave type).
  await fakeOpenAI.addRules([...agentRules(fromRun, "right"), ...agentRules(imported, "wrong")] as never);
  const { suiteId } = await dal("author", "createSuite", {
    routineId,
    name: "Workflow vs agent",
    concurrency: 2,
    configurations: [{ ...agentOn(v1.versionId), mode: "workflow" }, agentOn(v1.versionId)],
  });
  await runSuiteToEnd(page, routineId, suiteId);

  // Version 2 goes into review; the suite compares it (on a weaker model) with the published version 1.
  await dal("author", "startNewDraft", { routineId });
  const v2 = await dal("author", "submitForReview", { routineId });
  // The weaker model's rules come first: rules match in order, and the others match any model.
  await fakeOpenAI.addRules([
    ...agentRules(fromRun, "wrong", "fake-weak"),
    ...agentRules(imported, "wrong", "fake-weak"),
    ...agentRules(fromRun, "right"),
    ...agentRules(imported, "right"),
  ] as never);
  await dal("author", "updateSuite", {
    suiteId,
    name: "Workflow vs agent",
    concurrency: 2,
    configurations: [agentOn(v1.versionId), agentOn(v2.versionId, "fake-weak")],
  });
  await runSuiteToEnd(page, routineId, suiteId);

  const evaluations = new EvaluationsPage(page);
  await page.goto(`/evaluations/${routineId}/suites/${suiteId}`);
  await evaluations.expectScore(0, "2 / 2");
  await evaluations.expectScore(1, "0 / 2");
  await evaluations.expectFinished();
  // Compared with the suite's previous run, configuration by configuration.
  // Version 1 in agent mode got the imported case wrong last time (the script said so) and right this time.
  await expect(evaluations.scoreCard(0)).toContainText("+50 points better than");
  await expect(evaluations.scoreCard(1)).toContainText("no previous run");

  // The reviewer meets the gate: publishing a version that scores lower needs a reason.
  const reviewer = await pageAs("reviewer");
  const { contentHash } = await dal("reviewer", "workingVersion", { routineId });
  await dal("reviewer", "decideReview", { versionId: v2.versionId, contentHash, decision: "approve" });
  await reviewer.goto(`/routines/${routineId}/review/${v2.number}`);
  await expect(reviewer.getByTestId("evaluation-panel")).toBeVisible();
  await expect(reviewer.getByTestId("evaluation-lower")).toBeVisible();
  // Each suite says why it passes or blocks, under the gate's rule (point figures until an admin chooses the interval).
  await expect(reviewer.getByTestId("evaluation-reason")).toHaveText(
    "Lower accuracy (0.0% vs 100.0%): the gate compares point figures.",
  );
  await reviewer.getByTestId("publish-version").click();
  await expect(reviewer.getByTestId("publish-override-suites")).toContainText("Workflow vs agent");
  await reviewer.getByTestId("publish-override-reason").fill("The weaker model is only for this comparison.");
  await reviewer.getByTestId("publish-override-submit").click();
  // Published (the override and its reason are audited: lib/db/__tests__/publish-gate.test.ts).
  await expect(reviewer.getByTestId("review-page")).toHaveAttribute("data-status", "published");
});
