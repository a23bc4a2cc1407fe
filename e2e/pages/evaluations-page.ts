import { expect, type Locator, type Page } from "@playwright/test";

/** A routine's evaluation pages: the Cases and Suites tabs, the suite form and a suite's results. */
export class EvaluationsPage {
  constructor(private readonly page: Page) {}

  async gotoSuites(routineId: string) {
    await this.page.goto(`/evaluations/${routineId}/suites`);
    await expect(this.page.getByTestId("evaluation-tab-suites")).toHaveAttribute("aria-current", "page");
  }

  /** Fills the suite form: its name, cases at once, and each configuration row (adding rows as needed). */
  async fillSuite(suite: {
    name?: string;
    concurrency?: number;
    configurations: Array<{ version?: string; mode?: string; model?: string }>;
  }) {
    const form = this.page.getByTestId("suite-form");
    // The form may still be on its way (after a click on Edit): count its rows only once it is there.
    await expect(form).toBeVisible();
    if (suite.name !== undefined) await form.getByTestId("suite-name").fill(suite.name);
    if (suite.concurrency !== undefined) await form.getByTestId("suite-concurrency").fill(String(suite.concurrency));
    for (const [index, config] of suite.configurations.entries()) {
      if ((await form.getByTestId(`suite-configuration-${index}`).count()) === 0)
        await form.getByTestId("suite-add-configuration").click();
      const row = (field: string) => form.getByTestId(`suite-configuration-${index}-${field}`);
      if (config.version) await row("version").selectOption({ label: config.version });
      if (config.mode) await row("mode").selectOption(config.mode);
      if (config.model !== undefined) await row("model").fill(config.model);
    }
    const rows = form.locator("[data-configuration-row]");
    for (let extra = await rows.count(); extra > suite.configurations.length; extra--)
      await form.getByRole("button", { name: `Remove configuration ${extra}` }).click();
    await expect(rows).toHaveCount(suite.configurations.length);
  }

  async saveSuite(): Promise<string> {
    await this.page.getByTestId("suite-save").click();
    await expect(this.page).toHaveURL(/\/suites\/[0-9a-f-]{36}(\?.*)?$/);
    await expect(this.page.getByTestId("suite-results")).toBeVisible();
    return new URL(this.page.url()).pathname.split("/").pop()!;
  }

  async runSuite() {
    await this.page.getByTestId("suite-run").click();
    await expect(this.page).toHaveURL(/\?run=[0-9a-f-]{36}/);
  }

  scoreCard(index: number): Locator {
    return this.page.getByTestId(`score-card-${index}`);
  }

  /** Waits (the suite runs in the background) until a configuration's card shows `passed / judged`. */
  async expectScore(index: number, passedOfJudged: string) {
    await expect(this.scoreCard(index).getByTestId("score-passed")).toHaveText(passedOfJudged, { timeout: 30_000 });
  }

  async expectFinished() {
    await expect(this.page.getByTestId("eval-progress")).toBeHidden({ timeout: 30_000 });
  }

  /** Shows the failed cases only and opens the first failed result. */
  async openFirstFailure(): Promise<Locator> {
    await this.page.getByTestId("results-failed-only").click();
    await expect(this.page).toHaveURL(/failed=1/);
    await this.page.getByTestId("results-table").getByTestId("result-cell-failed").first().click();
    const detail = this.page.getByTestId("result-detail");
    await expect(detail).toBeVisible();
    return detail;
  }
}
