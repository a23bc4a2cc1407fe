import { expect, test, uniqueName } from "./fixtures";
import { balanceRoutine } from "./support/evaluations";
import { publishRoutine } from "./support/routines";

// The case editor (issue #32): two calls a model may make in one turn marked as an order-free group, a strict case,
// both saved, shown in the table and read back when the case opens again; an imported group split by another call is
// refused on its line, nothing imported.

test.use({ signedInAs: "author" });

test("a case with an order-free group of calls and a strict outcome, written in the editor", async ({ page }) => {
  const routineId = await publishRoutine(balanceRoutine(uniqueName("E2E case editor")));
  await page.goto(`/evaluations/${routineId}`);
  await page.getByTestId("add-case").click();
  const editor = page.getByRole("dialog");
  await editor.getByTestId("case-name").fill("Look-ups in any order");
  await editor.getByTestId("case-request").fill("How many days does E1024 have left?");
  for (const tool of ["get_employee", "get_leave_balance"]) {
    await editor.getByTestId("add-call").click();
    await editor.getByTestId("call-tool").last().selectOption(tool);
  }
  const accepted = editor.getByTestId("argument-accepted");
  await accepted.nth(0).fill("E1024");
  await accepted.nth(1).fill("E1024");
  await accepted.nth(2).fill("annual");
  await editor.getByTestId("argument-optional").nth(3).check();
  await editor.getByTestId("call-with-above").last().check();
  await expect(editor.getByTestId("call-group").first()).toContainText("any order");
  await editor.getByTestId("case-strict").check();
  await editor.getByTestId("case-save").click();
  await expect(editor).toBeHidden();

  const row = page.getByTestId("case-row").filter({ hasText: "Look-ups in any order" });
  await expect(row.getByTestId("case-strict-badge")).toHaveText("strict");
  await row.getByTestId("edit-case").click();
  await expect(editor.getByTestId("call-with-above").last()).toBeChecked();
  await expect(editor.getByTestId("case-strict")).toBeChecked();

  await editor.getByRole("button", { name: "Cancel" }).click();

  // A file whose group is split by another call is refused on its line, nothing imported.
  const call = (tool: string, group?: string) => ({ tool, arguments: {}, ...(group ? { group } : {}) });
  const split = {
    name: "Split group",
    request: "Look up E1024 twice",
    expectedCalls: [call("get_employee", "g1"), call("get_leave_balance"), call("get_employee", "g1")],
  };
  await page.getByTestId("import-cases").click();
  await page.getByTestId("import-text").fill(JSON.stringify(split));
  await page.getByTestId("import-submit").click();
  await expect(page.getByTestId("import-error")).toContainText("Calls 1 and 3 share the group");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("case-row")).toHaveCount(1);
});
