import { expect, type Locator, type Page } from "@playwright/test";

/** The routine designer at /routines/[id]. */
export class DesignerPage {
  constructor(private readonly page: Page) {}

  readonly canvas = () => this.page.getByTestId("designer-canvas");
  readonly inspector = () => this.page.getByTestId("inspector");
  readonly saveStatus = () => this.page.getByTestId("save-status");
  readonly nodes = () => this.page.locator("[data-testid^='step-node-']");

  node(name: string): Locator {
    return this.nodes().filter({ has: this.page.getByTestId("node-name").getByText(name, { exact: true }) });
  }

  /** Opens routine `routineId` in the designer, named `name`. */
  async open(routineId: string, name: string) {
    await this.page.goto(`/routines/${routineId}`);
    await this.expectOpen(name);
  }

  async expectOpen(name: string) {
    await expect(this.page.getByTestId("designer")).toBeVisible();
    await expect(this.page.getByTestId("page-title")).toHaveText(name);
  }

  /** The header shows version `number` with lifecycle status `status` (e.g. "draft", "in_review"). */
  async expectVersion(number: number, status: string) {
    await expect(this.page.getByTestId("designer-version")).toHaveText(`v${number}`);
    await expect(this.page.getByTestId("designer-status")).toHaveAttribute("data-status", status);
  }

  /** Drags a palette entry onto the canvas, `x`/`y` pixels from the canvas's top-left corner. */
  async dropFromPalette(testId: string, x: number, y: number) {
    await this.page.getByTestId(testId).dragTo(this.canvas(), { targetPosition: { x, y } });
  }

  async dropTool(toolName: string, x: number, y: number) {
    await this.dropFromPalette(`palette-tool-${toolName}`, x, y);
    await expect(this.node(humanize(toolName))).toBeVisible();
  }

  /** Draws a connection from `from`'s way out (a given handle, by default "out") to `to`'s way in. */
  async connect(from: string, to: string, sourceHandle = "out") {
    const source = this.node(from).locator(`[data-handleid='${sourceHandle}']`);
    const target = this.node(to).locator("[data-handleid='in']");
    const a = (await source.boundingBox())!;
    const b = (await target.boundingBox())!;
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
    await this.page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
    await this.page.mouse.up();
  }

  async select(name: string) {
    await this.node(name).click();
    await expect(this.page.getByTestId("inspector-name")).toHaveValue(name);
  }

  async openPanel(panel: "Inspector" | "Issues" | "Text") {
    await this.page.getByRole("tab", { name: new RegExp(`^${panel}`) }).click();
  }

  issues(): Locator {
    return this.page.getByTestId("validation-issue");
  }

  async expectSaved() {
    await expect(this.saveStatus()).toHaveAttribute("data-status", "saved", { timeout: 15_000 });
  }
}

export function humanize(toolName: string): string {
  const words = toolName.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
