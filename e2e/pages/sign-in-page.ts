import { expect, type Page } from "@playwright/test";

export class SignInPage {
  constructor(private readonly page: Page) {}

  readonly email = () => this.page.getByTestId("sign-in-email");
  readonly password = () => this.page.getByTestId("sign-in-password");
  readonly error = () => this.page.getByTestId("sign-in-error");
  readonly notice = () => this.page.getByTestId("sign-in-notice");

  async goto(next?: string) {
    await this.page.goto(next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in");
    await expect(this.page.getByTestId("sign-in-form")).toBeVisible();
  }

  async submit(email: string, password: string) {
    await this.email().fill(email);
    await this.password().fill(password);
    await this.page.getByTestId("sign-in-submit").click();
  }

  /** Signs in and waits until the app shell shows the user. */
  async signIn(email: string, password: string) {
    await this.goto();
    await this.submit(email, password);
    await expect(this.page.getByTestId("user-menu")).toBeVisible();
  }

  async expectShown() {
    await expect(this.page).toHaveURL(/\/sign-in/);
    await expect(this.page.getByTestId("sign-in-form")).toBeVisible();
  }
}
