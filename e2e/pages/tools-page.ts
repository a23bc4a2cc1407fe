import { expect, type Locator, type Page } from "@playwright/test";

/** The Tools section: the server list and one server's tools. */
export class ToolsPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/tools");
    await expect(this.page.getByTestId("tools-page")).toBeVisible();
  }

  server(name: string): Locator {
    return this.page.getByTestId(`server-${name}`);
  }

  readonly addButton = () => this.page.getByTestId("add-server");
  readonly addDialog = () => this.page.getByTestId("add-server-dialog");

  async openServer(name: string) {
    await this.page.getByTestId(`server-link-${name}`).click();
    await expect(this.page.getByTestId("tool-server-page")).toBeVisible();
  }

  tool(name: string): Locator {
    return this.page.getByTestId(`tool-${name}`);
  }

  async expandTool(name: string) {
    await this.page.getByTestId(`tool-toggle-${name}`).click();
    await expect(this.page.getByTestId(`tool-params-${name}`)).toBeVisible();
  }

  /** Opens the add dialog and fills the form; `transport` picks the fields. */
  async fillNewServer(
    server: { name: string; description?: string } & ({ url: string } | { command: string; args: string }),
  ) {
    await this.addButton().click();
    await expect(this.addDialog()).toBeVisible();
    await this.page.getByTestId("new-server-name").fill(server.name);
    if (server.description) await this.page.getByTestId("new-server-description").fill(server.description);
    if ("url" in server) {
      await this.page.getByTestId("new-server-transport-http").check();
      await this.page.getByTestId("new-server-url").fill(server.url);
    } else {
      await this.page.getByTestId("new-server-transport-stdio").check();
      await this.page.getByTestId("new-server-command").fill(server.command);
      await this.page.getByTestId("new-server-args").fill(server.args);
    }
  }
}
