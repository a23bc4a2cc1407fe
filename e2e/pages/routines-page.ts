import { expect, type Locator, type Page } from "@playwright/test";
import { DesignerPage } from "./designer-page";

export type NewRoutineOption = "blank" | "text" | "json";

/** The routine library at /routines and its "New routine" dialog. */
export class RoutinesPage {
  constructor(private readonly page: Page) {}

  readonly library = () => this.page.getByTestId("routines-library");
  readonly rows = () => this.page.getByTestId("routine-row");
  readonly notice = () => this.page.getByTestId("library-notice");
  readonly newButton = () => this.page.getByTestId("new-routine");
  readonly dialog = () => this.page.getByTestId("new-routine-dialog");
  readonly search = () => this.page.getByTestId("routine-search");

  async goto(query = "") {
    await this.page.goto(`/routines${query}`);
    await expect(this.library()).toBeVisible();
  }

  /** The row whose name is exactly `name`. */
  row(name: string): Locator {
    return this.rows().filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }

  async openNew(option: NewRoutineOption) {
    await this.newButton().click();
    await expect(this.dialog()).toBeVisible();
    await this.dialog().getByTestId(`new-routine-tab-${option}`).click();
    await expect(this.dialog().getByTestId(`new-routine-tab-${option}`)).toHaveAttribute("aria-selected", "true");
  }

  /** Creates a blank routine and waits for the library to point at it. */
  async createBlank(name: string, description = "") {
    await this.openNew("blank");
    await this.dialog().getByTestId("new-routine-name").fill(name);
    if (description) await this.dialog().getByTestId("new-routine-description").fill(description);
    await this.dialog().getByTestId("new-routine-submit-blank").click();
    await this.expectCreated(name);
  }

  /** Pastes `source` into the text or JSON tab and submits it; the caller checks the outcome. */
  async submitSource(kind: "text" | "json", source: string, name?: string) {
    await this.openNew(kind);
    if (name !== undefined) await this.dialog().getByTestId("new-routine-text-name").fill(name);
    await this.sourceBox(kind).fill(source);
    await this.dialog().getByTestId(`new-routine-submit-${kind}`).click();
  }

  /** Creates a routine from pasted paper text or JSON named `name`, opens it in the designer and returns its id. */
  async createAndOpen(kind: "text" | "json", source: string, name: string): Promise<string> {
    await this.goto();
    await this.submitSource(kind, source, kind === "text" ? name : undefined);
    await this.expectCreated(name);
    await this.row(name).getByRole("link", { name, exact: true }).click();
    await new DesignerPage(this.page).expectOpen(name);
    return new URL(this.page.url()).pathname.split("/")[2]!;
  }

  sourceBox(kind: "text" | "json"): Locator {
    return this.dialog().getByTestId(`new-routine-${kind}`);
  }

  async expectCreated(name: string) {
    await expect(this.dialog()).toBeHidden();
    await expect(this.notice()).toContainText(`“${name}” was created`);
    await expect(this.row(name)).toBeVisible();
    await expect(this.row(name)).toHaveAttribute("data-highlighted", "true");
  }

  async searchFor(query: string) {
    await this.search().fill(query);
    await this.search().press("Enter");
    await expect(this.page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(query).replace(/%20/g, "\\+")}`));
  }

  async duplicate(name: string) {
    await this.row(name).getByTestId("duplicate-routine").click();
    await this.expectCreated(`Copy of ${name}`);
  }

  async archive(name: string) {
    await this.row(name).getByTestId("archive-routine").click();
    await expect(this.notice()).toContainText(`“${name}” was archived`);
  }

  async restore(name: string) {
    await this.row(name).getByTestId("restore-routine").click();
    await expect(this.notice()).toContainText(`“${name}” was restored`);
  }

  async setShowArchived(show: boolean) {
    const toggle = this.page.getByTestId("toggle-archived");
    if ((await toggle.textContent())?.includes(show ? "Show" : "Hide")) await toggle.click();
    await expect(toggle).toHaveText(show ? "Hide archived" : "Show archived");
  }
}
