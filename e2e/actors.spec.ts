import { expect, test, uniqueName } from "./fixtures";
import { DesignerPage } from "./pages/designer-page";
import { createJsonRoutine } from "./support/routines";
import { approvalRoutine } from "./support/runs";

// Settings → Toolkits and actors: an admin bundles catalog tools into a toolkit and gives it to an actor profile.

test.describe("as an admin", () => {
  test.use({ signedInAs: "admin" });

  test("an admin makes a toolkit from catalog tools, gives it to a new actor, and cannot delete it while the actor uses it", async ({
    page,
  }) => {
    const toolkit = uniqueName("Onboarding desk");
    const actor = uniqueName("Onboarding clerk");
    await page.goto("/settings/actors");
    await expect(page.getByRole("heading", { name: "Toolkits and actors" })).toBeVisible();

    await page.getByTestId("toolkit-new").click();
    const toolkitForm = page.getByTestId("toolkit-form");
    await toolkitForm.getByTestId("toolkit-name").fill(toolkit);
    await toolkitForm.getByTestId("toolkit-tool-search").fill("employee");
    await toolkitForm.getByTestId("toolkit-tool-hr-get_employee").check();
    await toolkitForm.getByTestId("toolkit-tool-search").fill("training");
    await toolkitForm.getByTestId("toolkit-tool-hr-enroll_training").check();
    await toolkitForm.getByTestId("toolkit-save").click();
    await expect(toolkitForm).toHaveCount(0);
    const row = page.getByTestId(`toolkit-row-${toolkit}`);
    // Tools chosen under different searches all count.
    await expect(row).toContainText("2 tools");
    await expect(row).toContainText("get_employee, enroll_training");

    await page.getByTestId("actor-new").click();
    const actorForm = page.getByTestId("actor-form");
    await actorForm.getByTestId("actor-name").fill(actor);
    await actorForm.getByTestId("actor-persona").fill("You welcome new hires and enrol them in their first trainings.");
    await actorForm.getByTestId("actor-toolkit").selectOption({ label: `${toolkit} (2 tools)` });
    await actorForm.getByTestId("actor-save").click();
    await expect(actorForm).toHaveCount(0);
    await expect(page.getByTestId(`actor-row-${actor}`)).toContainText(`Toolkit ${toolkit}`);
    await expect(row).toContainText(`Used by ${actor}`);

    // A name already taken is refused in the form, whatever its case.
    await page.getByTestId("actor-new").click();
    await actorForm.getByTestId("actor-name").fill(actor.toUpperCase());
    await actorForm.getByTestId("actor-toolkit").selectOption({ label: `${toolkit} (2 tools)` });
    await actorForm.getByTestId("actor-save").click();
    await expect(actorForm).toContainText(/already/i);
    await page.keyboard.press("Escape");

    await row.getByTestId(`toolkit-row-${toolkit}-delete`).click();
    await page.getByTestId(`toolkit-row-${toolkit}-delete-confirm`).click();
    await expect(page.getByTestId(`toolkit-row-${toolkit}-delete-error`)).toContainText(actor);
    await expect(row).toBeVisible();
  });
});

test.describe("as an author", () => {
  test.use({ signedInAs: "author" });

  test("an author names the routine's actor, and the designer says which tool its toolkit lacks", async ({ page }) => {
    const name = uniqueName("Actor check");
    // The demo payroll clerk's toolkit has get_employee, not get_leave_balance.
    const routineId = await createJsonRoutine(approvalRoutine(name));
    const designer = new DesignerPage(page);
    await designer.open(routineId, name);
    await designer.openPanel("Issues");
    await expect(page.getByTestId("validation-ok")).toBeVisible();

    await designer.openPanel("Inspector");
    await page.getByTestId("routine-actor").selectOption({ label: "Payroll clerk" });
    await designer.expectSaved();
    await designer.openPanel("Issues");
    const issues = page.getByTestId("validation-issues");
    await expect(issues).toContainText('calls "get_leave_balance", which is not in the toolkit "Payroll desk"');
    await expect(designer.issues()).toHaveCount(1);

    await designer.openPanel("Inspector");
    await page.getByTestId("routine-actor").selectOption({ label: "HR assistant" });
    await designer.openPanel("Issues");
    await expect(page.getByTestId("validation-ok")).toBeVisible();
  });
});
