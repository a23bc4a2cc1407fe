import { expect, type Locator, type Page } from "@playwright/test";

/** The runs list at /runs. */
export class RunsListPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByTestId("runs-table");

  async goto(query = "") {
    await this.page.goto(`/runs${query}`);
    await expect(this.page.getByTestId("runs-page")).toBeVisible();
  }

  /** Waits until the list follows run statuses live (its stream is open), with rows or without. */
  async expectLive() {
    await expect(
      this.page.locator("[data-testid='runs-live'], [data-testid='runs-table-empty'][data-live]"),
    ).toBeVisible();
  }

  row(runId: string): Locator {
    return this.page.getByTestId(`run-row-${runId}`);
  }

  async filter(values: { routine?: string; status?: string }) {
    if (values.routine !== undefined) await this.page.getByTestId("filter-routine").selectOption(values.routine);
    if (values.status !== undefined) await this.page.getByTestId("filter-status").selectOption(values.status);
    await this.page.getByTestId("filter-apply").click();
  }
}
