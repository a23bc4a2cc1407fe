import { DEMO, expect, test } from "./fixtures";

test.describe("as the reviewer", () => {
  test.use({ signedInAs: "reviewer" });

  test("the theme switch applies dark mode and remembers it", async ({ page }) => {
    await page.goto("/routines");
    await page.getByTestId("theme-dark").click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByTestId("theme-dark")).toHaveAttribute("aria-checked", "true");
    await page.getByTestId("theme-light").click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });
});

test.describe("as the operator", () => {
  test.use({ signedInAs: "operator", viewport: { width: 390, height: 800 } });

  test("on a phone the navigation moves under the top bar", async ({ page }) => {
    await page.goto("/routines");
    await expect(page.getByTestId("main-nav")).toBeHidden();
    const mobileNav = page.getByTestId("main-nav-mobile");
    await expect(mobileNav).toBeVisible();
    await mobileNav.getByTestId("nav-runs").click();
    await expect(page).toHaveURL(/\/runs$/);
  });
});

// Signs out, so it signs in through the form with a session of its own (never the shared one).
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
