import { expect, type Locator, type Page } from "@playwright/test";

type Role = "planner" | "executor" | "compressor" | "embedder";

/** Settings → Models: the endpoint form, the per-role connection tests and the table of model calls. */
export class ModelsPage {
  constructor(private readonly page: Page) {}

  readonly baseUrl = () => this.page.getByTestId("models-baseUrl");
  readonly apiKey = () => this.page.getByTestId("models-apiKey");
  readonly apiKeyStatus = () => this.page.getByTestId("models-apiKey-status");
  readonly clearApiKey = () => this.page.getByTestId("models-clearApiKey");
  readonly source = () => this.page.getByTestId("models-source");
  readonly success = () => this.page.getByTestId("models-form-success");
  readonly error = () => this.page.getByTestId("models-form-error");

  async goto() {
    await this.page.goto("/settings/models");
    await expect(this.page.getByTestId("models-form")).toBeVisible();
  }

  /** From the Settings overview, through its link card. */
  async openFromSettings() {
    await this.page.goto("/settings");
    await this.page.getByTestId("settings-models").click();
    await expect(this.page.getByTestId("models-form")).toBeVisible();
  }

  model(role: Role): Locator {
    return this.page.getByTestId(`models-${role}-model`);
  }

  fieldError(field: "baseUrl" | `${Role}-timeout` | `${Role}-retries` | `${Role}-model`): Locator {
    return this.page.getByTestId(`models-${field}-error`);
  }

  async save() {
    await this.page.getByTestId("models-save").click();
  }

  /** Runs a role's connection test and returns its result panel once it shows an outcome. */
  async testConnection(role: Role): Promise<Locator> {
    const result = this.page.getByTestId(`models-test-${role}-result`);
    await this.page.getByTestId(`models-test-${role}-button`).click();
    await expect(result).toHaveAttribute("data-ok", /true|false/);
    return result;
  }
}
