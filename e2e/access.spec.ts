import { expect, test } from "./fixtures";
import { AppShell } from "./pages/app-shell";

test.describe("as the author", () => {
  test.use({ signedInAs: "author" });

  test("an author is refused the admin pages with a message that says why", async ({ page }) => {
    for (const path of ["/settings", "/settings/users", "/settings/audit"]) {
      await page.goto(path);
      await expect(page.getByTestId("access-denied")).toBeVisible();
      await expect(page.getByTestId("access-denied-message")).toContainText("needs the admin role");
      await expect(page.getByTestId("access-denied-message")).toContainText("signed in with the author role");
      await expect(page.getByTestId("user-table")).toHaveCount(0);
    }
  });
});

test("a reviewer is refused Runs and an operator is refused Evaluations", async ({ pageAs }) => {
  const reviewer = await pageAs("reviewer");
  await reviewer.goto("/runs");
  await expect(reviewer.getByTestId("access-denied-message")).toContainText(
    "Runs needs the operator, author or admin role",
  );

  const operator = await pageAs("operator");
  await operator.goto("/evaluations");
  await expect(operator.getByTestId("access-denied")).toBeVisible();
});

test.describe("as the admin", () => {
  test.use({ signedInAs: "admin" });

  test("each section a role opens shows what will be there and who may use it", async ({ page }) => {
    const shell = new AppShell(page);
    await page.goto("/routines");
    await shell.open("runs");
    await expect(page.getByTestId("runs-page")).toBeVisible();
    await shell.open("evaluations");
    await expect(page.getByTestId("evaluations-page")).toBeVisible();
    await expect(page.getByTestId("page-title")).not.toBeEmpty();
    await shell.open("tools");
    await expect(page.getByTestId("server-list")).toBeVisible();
    await shell.open("settings");
    await expect(page.getByTestId("settings-users")).toBeVisible();
  });
});
