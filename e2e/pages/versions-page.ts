import { expect, type Locator, type Page } from "@playwright/test";

/** A routine's version history at /routines/[id]/versions. */
export class VersionsPage {
  constructor(private readonly page: Page) {}

  readonly publications = () => this.page.getByTestId("publication");

  async goto(routineId: string) {
    await this.page.goto(`/routines/${routineId}/versions`);
    await expect(this.page.getByTestId("versions-page")).toBeVisible();
  }

  row(number: number): Locator {
    return this.page.locator(`[data-testid='version-row'][data-version='${number}']`);
  }

  /** The confirmation a row's Publish / Roll back button opens (each row has its own, inside the row). */
  confirmDialog(number: number): Locator {
    return this.row(number).getByTestId("publish-confirm-dialog");
  }

  /** Publishes (or rolls back to) a version through its confirmation. */
  async publish(number: number) {
    await this.row(number).getByTestId("version-publish").click();
    await expect(this.confirmDialog(number)).toBeVisible();
    await this.confirmDialog(number).getByTestId("publish-confirm").click();
    await expect(this.row(number)).toHaveAttribute("data-status", "published");
  }
}
