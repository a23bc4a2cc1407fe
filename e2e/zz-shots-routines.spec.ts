import { DEMO, expect, test } from "./fixtures";

test("library screenshots", async ({ page, signInPage, routinesPage }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  await signInPage.signIn(DEMO.author.email, DEMO.author.password);
  await routinesPage.goto();
  for (const [name, description] of [
    ["Leave request", "Checks an employee's leave balance and books the days off when enough are left."],
    ["Expense claim review", "Reads a receipt, checks it against the travel policy and routes it for approval."],
    ["New hire onboarding", ""],
  ]) {
    if ((await routinesPage.row(name).count()) === 0) await routinesPage.createBlank(name, description);
  }
  await page.screenshot({ path: "test-results/shots/routines-library.png", fullPage: true });
  await routinesPage.openNew("blank");
  await page.screenshot({ path: "test-results/shots/routines-new-blank.png" });
  await routinesPage.dialog().getByTestId("new-routine-tab-text").click();
  await page.screenshot({ path: "test-results/shots/routines-new-text.png" });
  await routinesPage.dialog().getByTestId("new-routine-tab-json").click();
  await routinesPage.sourceBox("json").fill('{\n  "schemaVersion": 2,\n  "name": "Broken"\n  "steps": []\n}');
  await routinesPage.dialog().getByTestId("new-routine-submit-json").click();
  await expect(routinesPage.dialog().getByTestId("new-routine-json-problems")).toBeVisible();
  await page.screenshot({ path: "test-results/shots/routines-new-json-error.png" });
  await page.keyboard.press("Escape");
  await page.getByTestId("theme-dark").click();
  await page.screenshot({ path: "test-results/shots/routines-library-dark.png", fullPage: true });
  await page.getByTestId("theme-light").click();
  await page.setViewportSize({ width: 390, height: 800 });
  await page.screenshot({ path: "test-results/shots/routines-library-mobile.png", fullPage: true });
  await routinesPage.goto();
  if ((await routinesPage.row("New hire onboarding").count()) > 0) await routinesPage.archive("New hire onboarding");
  await routinesPage.setShowArchived(true);
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.screenshot({ path: "test-results/shots/routines-archived.png" });
  await routinesPage.restore("New hire onboarding");
  await routinesPage.goto("?q=nothing-matches-this");
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.screenshot({ path: "test-results/shots/routines-no-match.png" });
});
