import { DEMO, expect, test } from "./fixtures";
import type { SectionId } from "./pages/app-shell";
import { expireSessionOf } from "./support/database";

const NAVIGATION: Record<keyof typeof DEMO, SectionId[]> = {
  admin: ["routines", "runs", "tools", "evaluations", "settings"],
  author: ["routines", "runs", "tools", "evaluations"],
  reviewer: ["routines", "tools", "evaluations"],
  operator: ["routines", "runs", "tools"],
};

for (const role of Object.keys(DEMO) as Array<keyof typeof DEMO>) {
  test(`${role} signs in, sees their navigation and roles, and signs out`, async ({ page, signInPage, shell }) => {
    const user = DEMO[role];
    await signInPage.signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/routines$/);
    await expect(page.getByTestId("user-name")).toHaveText(user.name);
    await shell.expectRoles([role]);
    await shell.expectNavigation(NAVIGATION[role]);
    await expect(page.getByTestId("routines-library")).toBeVisible();

    await shell.signOut();
    await expect(signInPage.notice()).toContainText("signed out");
    await page.goto("/routines");
    await signInPage.expectShown();
  });
}

test("a wrong password shows an error, keeps the email, and does not sign in", async ({ page, signInPage }) => {
  await signInPage.goto();
  await signInPage.submit(DEMO.author.email, "not-the-password");
  await expect(signInPage.error()).toContainText("do not match an account");
  await expect(signInPage.email()).toHaveValue(DEMO.author.email);
  await expect(signInPage.password()).toHaveValue("");
  await page.goto("/routines");
  await signInPage.expectShown();
});

test("an unknown email gets the same error as a wrong password", async ({ signInPage }) => {
  await signInPage.goto();
  await signInPage.submit("nobody-here@example.com", "whatever-password");
  await expect(signInPage.error()).toContainText("do not match an account");
});

test("a malformed email is refused with a field error before any sign-in attempt", async ({ page, signInPage }) => {
  await signInPage.goto();
  await signInPage.submit("not-an-email", "x");
  await expect(page.getByTestId("email-error")).toContainText("valid email");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("signing in from a deep link returns to that page", async ({ page, signInPage }) => {
  await page.goto("/settings/users");
  await signInPage.expectShown();
  await signInPage.submit(DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/settings\/users$/);
  await expect(page.getByTestId("user-table")).toBeVisible();
});

test("an expired session sends the user to sign in with a clear message", async ({ page, signInPage }) => {
  await signInPage.signIn(DEMO.operator.email, DEMO.operator.password);
  expect(await expireSessionOf(page.context())).toBe(1);
  await page.goto("/runs");
  await signInPage.expectShown();
  await expect(signInPage.notice()).toContainText("session has expired");
  await signInPage.submit(DEMO.operator.email, DEMO.operator.password);
  await expect(page).toHaveURL(/\/runs$/);
});

test("public sign-up is closed", async ({ request }) => {
  const response = await request.post("/api/auth/sign-up/email", {
    data: { email: "walk-in@example.com", password: "walk-in-password", name: "Walk In" },
  });
  expect(response.ok()).toBe(false);
  const signIn = await request.post("/api/auth/sign-in/email", {
    data: { email: "walk-in@example.com", password: "walk-in-password" },
  });
  expect(signIn.ok()).toBe(false);
});
