import { expect, type Page } from "@playwright/test";

export type SectionId = "routines" | "runs" | "tools" | "evaluations" | "settings";
const ALL_SECTIONS: SectionId[] = ["routines", "runs", "tools", "evaluations", "settings"];

export class AppShell {
  constructor(private readonly page: Page) {}

  private readonly nav = () => this.page.getByTestId("main-nav");

  /** The navigation shows exactly `sections`, in this order. */
  async expectNavigation(sections: SectionId[]) {
    const links = this.nav().getByRole("link");
    await expect(links).toHaveCount(sections.length);
    for (const [index, id] of sections.entries())
      await expect(links.nth(index)).toHaveAttribute("data-testid", `nav-${id}`);
    for (const id of ALL_SECTIONS.filter((section) => !sections.includes(section))) {
      await expect(this.nav().getByTestId(`nav-${id}`)).toHaveCount(0);
    }
  }

  async expectRoles(roles: string[]) {
    const badges = this.page.getByTestId("user-roles").locator("[data-testid^='role-']");
    await expect(badges).toHaveCount(roles.length);
    for (const role of roles) await expect(this.page.getByTestId(`role-${role}`)).toBeVisible();
  }

  async open(section: SectionId) {
    await this.nav().getByTestId(`nav-${section}`).click();
    await expect(this.page).toHaveURL(new RegExp(`/${section}$`));
  }

  async signOut() {
    await this.page.getByTestId("sign-out").click();
    await expect(this.page.getByTestId("sign-in-form")).toBeVisible();
  }
}
