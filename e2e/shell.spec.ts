import { DEMO, expect, test } from "./fixtures";

test("the theme switch applies dark mode and remembers it", async ({ page, signInPage }) => {
  await signInPage.signIn(DEMO.reviewer.email, DEMO.reviewer.password);
  await page.getByTestId("theme-dark").click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByTestId("theme-dark")).toHaveAttribute("aria-checked", "true");
  await page.getByTestId("theme-light").click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("on a phone the navigation moves under the top bar", async ({ page, signInPage }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signInPage.signIn(DEMO.operator.email, DEMO.operator.password);
  await expect(page.getByTestId("main-nav")).toBeHidden();
  const mobileNav = page.getByTestId("main-nav-mobile");
  await expect(mobileNav).toBeVisible();
  await mobileNav.getByTestId("nav-runs").click();
  await expect(page).toHaveURL(/\/runs$/);
});

test("keyboard users can reach the navigation and sign out", async ({ page, signInPage }) => {
  await signInPage.signIn(DEMO.author.email, DEMO.author.password);
  await page.getByTestId("main-nav").getByTestId("nav-tools").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/tools$/);
  await page.getByTestId("sign-out").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("sign-in-form")).toBeVisible();
});

test("an unknown page says so", async ({ page }) => {
  await page.goto("/no-such-page");
  await expect(page.getByTestId("not-found")).toBeVisible();
});
