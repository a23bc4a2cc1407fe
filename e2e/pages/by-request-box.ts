import { expect, type Page } from "@playwright/test";

/** The "Run by request" box on the runs page. */
export class ByRequestBox {
  constructor(private readonly page: Page) {}

  readonly box = () => this.page.getByTestId("by-request");
  readonly result = () => this.page.getByTestId("by-request-result");
  readonly choice = () => this.page.getByTestId("by-request-choice");
  readonly dialog = () => this.page.getByTestId("start-run-dialog");

  async open() {
    await this.page.goto("/runs");
    await expect(this.box()).toBeVisible();
  }

  async find(request: string) {
    await this.page.getByTestId("by-request-input").fill(request);
    await this.page.getByTestId("by-request-find").click();
  }

  async expectDecision(decision: "match" | "ambiguous" | "none") {
    await expect(this.result()).toHaveAttribute("data-decision", decision);
  }

  /** "Start run": the start dialog opens on the chosen routine's inputs. */
  async start(routineName: string) {
    await this.page.getByTestId("by-request-start").click();
    await expect(this.dialog()).toContainText(routineName);
    await expect(this.dialog().getByTestId("start-run-form")).toBeVisible();
  }
}
