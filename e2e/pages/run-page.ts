import { expect, type Locator, type Page } from "@playwright/test";

export type StepState = "pending" | "running" | "succeeded" | "failed" | "skipped" | "waiting" | "cancelled";

/** The run view at /runs/[id]: header, canvas nodes by step id, side panel. */
export class RunPage {
  constructor(private readonly page: Page) {}

  readonly view = () => this.page.getByTestId("run-view");
  readonly status = () => this.page.getByTestId("run-header").getByTestId("run-status");
  readonly stepDetail = () => this.page.getByTestId("step-detail");

  node(stepId: string): Locator {
    return this.page.getByTestId(`run-node-${stepId}`);
  }

  async goto(runId: string) {
    await this.page.goto(`/runs/${runId}`);
    await expect(this.view()).toBeVisible();
  }

  async expectNode(stepId: string, state: StepState) {
    await expect(this.node(stepId)).toHaveAttribute("data-state", state);
  }

  async expectStatus(status: string) {
    await expect(this.status()).toHaveAttribute("data-status", status);
  }

  /** Starts recording every state each node shows, in order (before the changes happen). */
  async recordNodeStates() {
    await this.page.evaluate(() => {
      const log: Array<[string, string]> = [];
      (window as unknown as { __runStates: Array<[string, string]> }).__runStates = log;
      const seen = new Map<string, string>();
      const scan = () => {
        for (const node of document.querySelectorAll<HTMLElement>("[data-testid^='run-node-'][data-state]")) {
          const id = node.dataset.testid!.slice("run-node-".length);
          const state = node.dataset.state!;
          if (seen.get(id) !== state) {
            seen.set(id, state);
            log.push([id, state]);
          }
        }
      };
      scan();
      new MutationObserver(scan).observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ["data-state"],
        childList: true,
      });
    });
  }

  /** The recorded (step id, state) changes, in the order they showed. */
  async recordedStates(): Promise<Array<[string, string]>> {
    return this.page.evaluate(() => (window as unknown as { __runStates: Array<[string, string]> }).__runStates);
  }

  async openStep(stepId: string) {
    await this.node(stepId).click();
    await expect(this.stepDetail()).toHaveAttribute("data-step", stepId);
  }

  async approve(comment: string) {
    await this.page.getByTestId("human-comment").fill(comment);
    await this.page.getByTestId("human-approve").click();
  }

  async rerunWithInput(input: Record<string, unknown>) {
    await this.page.getByTestId("step-edit-input").click();
    await this.page.getByTestId("step-input-editor").fill(JSON.stringify(input, null, 2));
    await this.page.getByTestId("step-rerun").click();
  }
}
