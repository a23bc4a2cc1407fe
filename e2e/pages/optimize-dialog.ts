import { expect, type Locator, type Page } from "@playwright/test";

/** The designer's "Optimize with AI" button and dialog (components/planner). */
export class OptimizeDialog {
  constructor(private readonly page: Page) {}

  readonly openButton = () => this.page.getByTestId("optimize-open");
  readonly dialog = () => this.page.getByTestId("optimize-dialog");
  readonly draft = () => this.dialog().getByTestId("optimize-draft");
  readonly counter = () => this.dialog().getByTestId("optimize-draft-count");
  readonly startButton = () => this.dialog().getByTestId("optimize-start");
  readonly progress = () => this.dialog().getByTestId("optimize-progress");
  readonly phase = () => this.dialog().getByTestId("optimize-phase");
  readonly done = () => this.dialog().getByTestId("optimize-done");
  readonly failed = () => this.dialog().getByTestId("optimize-failed");
  readonly errorMessage = () => this.dialog().getByTestId("optimize-error-message");

  async open() {
    await this.openButton().click();
    await expect(this.dialog()).toBeVisible();
  }

  async chooseSource(source: "canvas" | "text") {
    const tab = this.dialog().getByTestId(`optimize-source-tab-${source}`);
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
  }

  async optimizeCanvas() {
    await this.open();
    await this.chooseSource("canvas");
    await expect(this.startButton()).toBeEnabled({ timeout: 15_000 });
    await this.startButton().click();
  }

  async optimizeText(text: string) {
    await this.open();
    await this.chooseSource("text");
    await this.draft().fill(text);
    await this.startButton().click();
  }

  /** A chip of the phase row: its state is "current", "passed" or "pending". */
  phaseChip(phase: "planning" | "validating" | "repairing" | "saving"): Locator {
    return this.dialog().getByTestId(`optimize-phase-${phase}`);
  }

  async expectDone(versionNumber: number) {
    await expect(this.done()).toBeVisible({ timeout: 20_000 });
    await expect(this.done()).toContainText(`Version ${versionNumber} is in review`);
    await expect(this.done().getByTestId("optimize-done-status")).toHaveText("in review");
  }

  /** Closes the dialog from its "done" state, back to the designer. */
  async closeDone() {
    await this.done().getByTestId("optimize-done-close").click();
    await expect(this.dialog()).toBeHidden();
  }

  async expectFailed(message: RegExp) {
    await expect(this.failed()).toBeVisible({ timeout: 20_000 });
    await expect(this.errorMessage()).toHaveText(message);
  }
}
