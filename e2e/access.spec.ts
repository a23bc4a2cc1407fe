import { DEMO, expect, test } from "./fixtures";

test("an author is refused the admin pages with a message that says why", async ({ page, signInPage }) => {
  await signInPage.signIn(DEMO.author.email, DEMO.author.password);
  for (const path of ["/settings", "/settings/users", "/settings/audit"]) {
    await page.goto(path);
    await expect(page.getByTestId("access-denied")).toBeVisible();
    await expect(page.getByTestId("access-denied-message")).toContainText("needs the admin role");
    await expect(page.getByTestId("access-denied-message")).toContainText("signed in with the author role");
    await expect(page.getByTestId("user-table")).toHaveCount(0);
  }
});

test("a reviewer is refused Runs and an operator is refused Evaluations", async ({ page, signInPage, shell }) => {
  await signInPage.signIn(DEMO.reviewer.email, DEMO.reviewer.password);
  await page.goto("/runs");
  await expect(page.getByTestId("access-denied-message")).toContainText("Runs needs the operator, author or admin role");
  await shell.signOut();

  await signInPage.signIn(DEMO.operator.email, DEMO.operator.password);
  await page.goto("/evaluations");
  await expect(page.getByTestId("access-denied")).toBeVisible();
});

test("each section a role opens shows what will be there and who may use it", async ({ page, signInPage, shell }) => {
  await signInPage.signIn(DEMO.admin.email, DEMO.admin.password);
  await shell.open("runs");
  await expect(page.getByTestId("runs-page")).toBeVisible();
  await shell.open("evaluations");
  await expect(page.getByTestId("empty-evaluations")).toBeVisible();
  await expect(page.getByTestId("page-title")).not.toBeEmpty();
  await shell.open("tools");
  await expect(page.getByTestId("server-list")).toBeVisible();
  await shell.open("settings");
  await expect(page.getByTestId("settings-users")).toBeVisible();
});
