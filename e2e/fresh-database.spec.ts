// Runs before every other spec (see the "fresh-database" project in playwright.config.ts): these tests need a
// library that no other test has written to yet.
import { withDatabase } from "./support/database";
import { DEMO, expect, test } from "./fixtures";

test.beforeAll(() => {
  // A reused dev server keeps its database between runs; start from an empty library either way.
  withDatabase((db) => db.exec(`DELETE FROM "routine_version"; DELETE FROM "routine";`));
});

test("an empty library invites authors to create a routine and tells others that authors do", async ({ page, signInPage, shell, routinesPage }) => {
  await signInPage.signIn(DEMO.author.email, DEMO.author.password);
  await routinesPage.goto();
  await expect(page.getByTestId("empty-routines")).toContainText("No routines yet");
  await expect(page.getByTestId("empty-routines-note")).toContainText("Create the first one with New routine");
  await expect(routinesPage.newButton()).toBeVisible();
  await shell.signOut();

  await signInPage.signIn(DEMO.operator.email, DEMO.operator.password);
  await routinesPage.goto();
  await expect(page.getByTestId("empty-routines-note")).toContainText("Authors create routines");
  await expect(routinesPage.newButton()).toHaveCount(0);
});
