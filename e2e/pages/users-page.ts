import { expect, type Locator, type Page } from "@playwright/test";

export class UsersPage {
  constructor(private readonly page: Page) {}

  readonly form = () => this.page.getByTestId("create-user");
  readonly formError = () => this.page.getByTestId("create-user-error");
  readonly formSuccess = () => this.page.getByTestId("create-user-success");

  async goto() {
    await this.page.goto("/settings/users");
    await expect(this.page.getByTestId("user-table")).toBeVisible();
  }

  row(email: string): Locator {
    return this.page.getByTestId(`user-row-${email}`);
  }

  async fillNewUser(user: { name: string; email: string; roles: string[] }) {
    await this.page.getByTestId("new-user-name").fill(user.name);
    await this.page.getByTestId("new-user-email").fill(user.email);
    for (const role of user.roles) await this.page.getByTestId(`new-user-role-${role}`).check();
  }

  /** Invites a user and returns the invitation link shown once. */
  async invite(user: { name: string; email: string; roles: string[] }): Promise<string> {
    await this.fillNewUser(user);
    await this.page.getByTestId("new-user-submit").click();
    await expect(this.formSuccess()).toContainText(user.email);
    return this.page.getByTestId("invite-link").inputValue();
  }

  async createWithPassword(user: { name: string; email: string; roles: string[]; password: string }) {
    await this.fillNewUser(user);
    await this.page.getByTestId("new-user-signin-password").check();
    await this.page.getByTestId("new-user-password").fill(user.password);
    await this.page.getByTestId("new-user-submit").click();
    await expect(this.formSuccess()).toContainText(user.email);
    await expect(this.row(user.email)).toBeVisible();
  }

  async setRoles(email: string, roles: string[]) {
    const row = this.row(email);
    for (const box of await row.locator("input[name='roles']").all()) {
      const role = await box.getAttribute("value");
      await box.setChecked(roles.includes(role ?? ""));
    }
    await row.getByTestId("save-roles").click();
    await expect(row.getByTestId("user-row-message")).toContainText("Roles saved");
  }

  async toggleActive(email: string) {
    await this.row(email).getByTestId("toggle-active").click();
  }
}
