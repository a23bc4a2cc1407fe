import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures";
import { storageStateOf } from "./support/auth";
import { dal } from "./support/dal";
import { balanceCase, balanceRoutine, expectSuiteRunSucceeded } from "./support/evaluations";
import { createJsonRoutine, publishRoutine } from "./support/routines";
import { approvalRoutine } from "./support/runs";
import { SAME_ORIGIN } from "./support/env";

// WCAG 2.1 AA (issue #14): axe finds no critical or serious violation on any main page, in the light theme, and no
// colour violation in the dark theme. Each test opens the page with the data that makes it draw its badges, tables
// and canvases, then checks it in the light theme, switches the system theme to dark (as a user's OS setting would:
// the app follows it without a reload) and checks its colours again.

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
/** The WCAG 2.1 AA rules whose outcome depends on colours. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

type AxeResults = Awaited<ReturnType<AxeBuilder["analyze"]>>;

/** Each offending element on its own lines: what is wrong, where, and axe's own summary of the fix. */
function describeViolations(violations: AxeResults["violations"]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 8)
        .map((node) => {
          const html = node.html.length > 160 ? `${node.html.slice(0, 160)}…` : node.html;
          const fix = (node.failureSummary ?? "").replace(/\n/g, "\n      ");
          return `    - ${node.target.join(" ")}\n      ${html}\n      ${fix}`;
        })
        .join("\n");
      const more = violation.nodes.length > 8 ? `\n    … and ${violation.nodes.length - 8} more` : "";
      return `[${violation.impact}] ${violation.id} (${violation.nodes.length}×): ${violation.help}\n  ${violation.helpUrl}\n${nodes}${more}`;
    })
    .join("\n\n");
}

/**
 * Runs axe on the page in the light theme (every WCAG 2.1 AA rule), then in the dark theme (the rules colours decide:
 * the dark theme changes colours, not the page's structure), and leaves the page light again for the test's next page.
 * A critical or serious violation fails the test (softly, so the test's other pages are still checked) with a
 * readable list of them.
 */
async function expectAccessible(page: Page, pageName: string) {
  // Transitions (dialogs, the canvas fading in) would let axe read colours half way.
  await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
  });
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expectNoBlockingViolations(pageName, await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze());
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  const dark = await new AxeBuilder({ page }).withRules(COLOUR_RULES).analyze();
  expectNoBlockingViolations(`${pageName} (dark theme)`, dark);
  await page.emulateMedia({ colorScheme: "light" });
}

function expectNoBlockingViolations(pageName: string, results: AxeResults) {
  const blocking = results.violations.filter((v) => v.impact === "critical" || v.impact === "serious");
  // Every rule axe reports is recorded on the test, so a run shows the moderate and minor ones too.
  test.info().annotations.push({
    type: "axe",
    description: `${pageName}: ${results.violations.map((v) => `${v.id}[${v.impact}]×${v.nodes.length}`).join(", ") || "none"}`,
  });
  expect
    .soft(
      blocking.map((v) => `${v.impact} ${v.id} ×${v.nodes.length}`),
      `axe on ${pageName}:\n${describeViolations(blocking)}`,
    )
    .toEqual([]);
}

/** Opens `url`, waits until the element with test id `ready` shows, and checks the page (named `name` in reports). */
async function checkPage(page: Page, url: string, ready: string, name = url.slice(1)) {
  await page.goto(url);
  await expect(page.getByTestId(ready)).toBeVisible();
  await expectAccessible(page, name);
}

/** Starts a run of a published approval routine over the API; it waits at its human step. Returns the run's id. */
async function waitingRun(page: Page): Promise<string> {
  const routineId = await publishRoutine(approvalRoutine(uniqueName("A11y run")));
  const started = await page.request.post("/api/runs", {
    headers: SAME_ORIGIN,
    data: { routineId, inputs: { employee_id: "E1024" } },
  });
  expect(started.status(), await started.text()).toBe(201);
  return ((await started.json()) as { runId: string }).runId;
}

test.describe("axe, light and dark themes", () => {
  test.use({ colorScheme: "light", viewport: { width: 1440, height: 900 } });

  test.describe("signed out", () => {
    test("sign-in", async ({ page }) => {
      await checkPage(page, "/sign-in", "sign-in-form");
    });
  });

  test.describe("as the admin", () => {
    test.use({ signedInAs: "admin" });

    test("routines library", async ({ page }) => {
      await createJsonRoutine(approvalRoutine(uniqueName("A11y library")));
      await page.goto("/routines");
      await expect(page.getByTestId("routine-row").first()).toBeVisible();
      await expectAccessible(page, "routines");
    });

    test("designer", async ({ page }) => {
      const name = uniqueName("A11y designer");
      const routineId = await createJsonRoutine(approvalRoutine(name), "admin");
      await page.goto(`/routines/${routineId}`);
      await expect(page.getByTestId("designer")).toBeVisible();
      await expect(page.locator("[data-testid^='step-node-']").first()).toBeVisible();
      await expectAccessible(page, "designer");
    });

    test("designer, read only", async ({ browser }) => {
      const routineId = await publishRoutine(approvalRoutine(uniqueName("A11y read only")));
      // The operator sees the published routine without the palette or an editable inspector.
      const context = await browser.newContext({ storageState: storageStateOf("operator"), colorScheme: "light" });
      const page = await context.newPage();
      await page.goto(`/routines/${routineId}`);
      await expect(page.getByTestId("designer")).toBeVisible();
      await expect(page.locator("[data-testid^='step-node-']").first()).toBeVisible();
      await expectAccessible(page, "designer (read only)");
      await context.close();
    });

    test("review", async ({ page }) => {
      const routineId = await createJsonRoutine(approvalRoutine(uniqueName("A11y review")));
      await dal("author", "submitForReview", { routineId });
      await page.goto(`/routines/${routineId}/review/1`);
      await expect(page.getByTestId("review-page")).toHaveAttribute("data-version", "1");
      await expect(page.locator("[data-testid^='review-node-']").first()).toBeVisible();
      await expectAccessible(page, "review");
    });

    test("tools and a tool server", async ({ page }) => {
      await page.goto("/tools");
      await expect(page.getByTestId("server-hr").getByTestId("server-status")).toHaveText("Connected");
      await expectAccessible(page, "tools");
      await page.getByTestId("server-link-hr").click();
      await expect(page.getByTestId("tool-server-page")).toBeVisible();
      await expectAccessible(page, "tool server");
    });

    test("run view", async ({ page }) => {
      const runId = await waitingRun(page);
      await page.goto(`/runs/${runId}`);
      await expect(page.getByTestId("run-node-approve")).toHaveAttribute("data-state", "waiting");
      await expectAccessible(page, "run view");
    });

    test("runs list", async ({ page }) => {
      await waitingRun(page);
      await checkPage(page, "/runs", "runs-live");
    });

    test("planned run view", async ({ page }) => {
      // A planned run (no routine; the fake planner has no answer for it, so it ends without tasks).
      const planned = await page.request.post("/api/runs", {
        headers: SAME_ORIGIN,
        data: { request: uniqueName("A11y planned request"), mode: "planned" },
      });
      expect(planned.status(), await planned.text()).toBe(201);
      await page.goto(`/runs/${((await planned.json()) as { runId: string }).runId}`);
      await expect(page.locator("[data-testid='task-list'], [data-testid='task-list-empty']").first()).toBeVisible();
      await expectAccessible(page, "planned run view");
    });

    test("settings", async ({ page }) => {
      await checkPage(page, "/settings", "settings-users");
      await checkPage(page, "/settings/users", "user-table");
    });

    // Two pages per test: six pages with axe in one test came near the test timeout on this machine.
    test("settings: models, audit", async ({ page }) => {
      await checkPage(page, "/settings/models", "models-form");
      await checkPage(page, "/settings/audit", "audit-table");
    });

    test("settings: actors, workers", async ({ page }) => {
      await checkPage(page, "/settings/actors", "toolkits-card");
      await checkPage(page, "/settings/workers", "workers-table");
    });

    test("settings: publish gate", async ({ page }) => {
      await checkPage(page, "/settings/publish-gate", "publish-gate-form");
    });

    test("settings: integrations", async ({ page }) => {
      await publishRoutine(approvalRoutine(uniqueName("A11y integrations")));
      await checkPage(page, "/settings/integrations", "mcp-routines");
    });

    test("evaluations", async ({ page }) => {
      const routineId = await publishRoutine(approvalRoutine(uniqueName("A11y evaluations")));
      await checkPage(page, "/evaluations", "evaluations-page");
      await checkPage(page, `/evaluations/${routineId}`, "cases-tab", "evaluations/routine");
    });

    test("evaluations: a suite's results with trials and a lift", async ({ page }) => {
      const routineId = await publishRoutine(balanceRoutine(uniqueName("A11y suite results")));
      const { versionId } = await dal("admin", "workingVersion", { routineId });
      await dal("admin", "importTestCases", { routineId, jsonl: balanceCase("Balance") });
      // Workflow mode needs no model; two configurations (the model is the one difference) give a lift to show.
      const { suiteId } = await dal("admin", "createSuite", {
        routineId,
        name: "Two workflows",
        concurrency: 2,
        trials: 2,
        configurations: [
          { versionId, model: "", mode: "workflow", distractors: 0 },
          { versionId, model: "other", mode: "workflow", distractors: 0 },
        ],
      });
      const { evalRunId } = await dal("admin", "startEvalRun", { suiteId });
      await expectSuiteRunSucceeded("admin", evalRunId, 20_000);
      await checkPage(page, `/evaluations/${routineId}/suites/${suiteId}`, "lift-panel", "evaluations/suite results");
    });
  });
});
