// Runs before every other spec (see the "fresh-database" project in playwright.config.ts): these tests need a
// library that no other test has written to yet.
import { withDatabase } from "./support/database";
import { expect, test } from "./fixtures";
import { RoutinesPage } from "./pages/routines-page";

test.beforeAll(() => {
  // A reused dev server keeps its database between runs; start from an empty library either way.
  withDatabase((db) => db.exec(`DELETE FROM "routine_version"; DELETE FROM "routine";`));
});

test("an empty library invites authors to create a routine and tells others that authors do", async ({ pageAs }) => {
  const author = await pageAs("author");
  const authorLibrary = new RoutinesPage(author);
  await authorLibrary.goto();
  await expect(author.getByTestId("empty-routines")).toContainText("No routines yet");
  await expect(author.getByTestId("empty-routines-note")).toContainText("Create the first one with New routine");
  await expect(authorLibrary.newButton()).toBeVisible();

  const operator = await pageAs("operator");
  const operatorLibrary = new RoutinesPage(operator);
  await operatorLibrary.goto();
  await expect(operator.getByTestId("empty-routines-note")).toContainText("Authors create routines");
  await expect(operatorLibrary.newButton()).toHaveCount(0);
});
