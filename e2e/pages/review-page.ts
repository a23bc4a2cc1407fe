import { expect, type Locator, type Page } from "@playwright/test";

/** The review of one version at /routines/[id]/review/[version]. */
export class ReviewPage {
  constructor(private readonly page: Page) {}

  readonly root = () => this.page.getByTestId("review-page");
  readonly status = () => this.page.getByTestId("review-header").getByTestId("version-status");
  readonly decisionBar = () => this.page.getByTestId("decision-bar");
  readonly refusal = () => this.page.getByTestId("decision-refused");
  readonly approveButton = () => this.page.getByTestId("decision-approve");

  async goto(routineId: string, number: number) {
    await this.page.goto(`/routines/${routineId}/review/${number}`);
    await this.expectOpen(number);
  }

  async expectOpen(number: number) {
    await expect(this.root()).toHaveAttribute("data-version", String(number));
    await expect(
      this.page.getByTestId("review-canvas-proposed").locator("[data-testid^='review-node-']").first(),
    ).toBeVisible();
  }

  /** A step's node on one canvas. */
  node(side: "base" | "proposed", stepId: string): Locator {
    return this.page.getByTestId(`review-canvas-${side}`).getByTestId(`review-node-${stepId}`);
  }

  async openTab(tab: "changes" | "step" | "text" | "draft" | "comments") {
    await this.page.getByTestId(`review-tab-${tab}`).click();
    await expect(this.page.getByTestId(`review-tab-${tab}`)).toHaveAttribute("aria-selected", "true");
  }

  /** Selects a step by clicking it on a canvas; the Step tab then shows it. */
  async selectStep(side: "base" | "proposed", stepId: string) {
    await this.node(side, stepId).click();
    await expect(this.page.getByTestId("step-diff")).toHaveAttribute("data-step-id", stepId);
  }

  async commentOnStep(body: string) {
    await this.page.getByTestId("step-comment-body").fill(body);
    await this.page.getByTestId("step-comment-submit").click();
    await expect(this.page.getByTestId("review-comment-body").filter({ hasText: body, visible: true })).toBeVisible();
  }

  async decide(decision: "approve" | "request_changes" | "reject", comment = "") {
    if (comment) await this.page.getByTestId("decision-comment").fill(comment);
    await this.page.getByTestId(`decision-${decision.replace("_", "-")}`).click();
    await expect(this.page.getByTestId("decision-message")).toBeVisible();
  }

  /** Publishes through the confirmation, which first says what changes for running work. */
  async publish() {
    await this.page.getByTestId("publish-version").click();
    const dialog = this.page.getByTestId("publish-confirm-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId("publish-confirm-changes")).toContainText("Runs already started keep the version");
    await dialog.getByTestId("publish-confirm").click();
    await expect(this.root()).toHaveAttribute("data-status", "published");
  }
}
