import type { Page } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures";
import { DesignerPage } from "./pages/designer-page";
import { dal } from "./support/dal";

/** A new blank routine (created through the DAL: the library's dialog has its own tests), open in the designer. */
async function openNewRoutine(page: Page, name: string) {
  const { routineId } = await dal("author", "createRoutine", { name });
  const designer = new DesignerPage(page);
  await designer.open(routineId, name);
  return designer;
}

// The designer is a desktop tool: palette, canvas and inspector side by side.
test.use({ viewport: { width: 1600, height: 1000 }, signedInAs: "author" });

test("an author draws a routine: drops tools, connects them, binds an input, and it is all there after a reload", async ({
  page,
}) => {
  const designer = await openNewRoutine(page, uniqueName("Leave request"));
  await designer.dropTool("get_leave_balance", 120, 120);
  await designer.dropTool("apply_leave", 420, 120);
  await expect(designer.node("Done")).toBeVisible();

  await designer.openPanel("Issues");
  await expect(designer.issues().filter({ hasText: /start/i }).first()).toBeVisible();

  await designer.connect("Get leave balance", "Apply leave");
  await designer.connect("Apply leave", "Done");
  await expect(designer.issues().filter({ hasText: /start/i })).toHaveCount(0);

  await designer.openPanel("Inspector");
  await designer.select("Apply leave");
  await page.getByTestId("binding-input-employee_id").selectOption({ label: "Get leave balance → result" });
  await designer.expectSaved();

  await page.reload();
  await designer.expectOpen(await page.getByTestId("page-title").innerText());
  await expect(designer.nodes()).toHaveCount(3);
  await designer.select("Apply leave");
  await expect(page.getByTestId("binding-input-employee_id").locator("option:checked")).toHaveText(
    "Get leave balance → result",
  );
});

test("a branch gets two labelled ways out", async ({ page }) => {
  const designer = await openNewRoutine(page, uniqueName("Branching"));
  await designer.dropFromPalette("palette-kind-branch", 100, 200);
  await expect(designer.node("Decide")).toBeVisible();
  await designer.dropTool("apply_leave", 420, 80);
  await designer.dropTool("send_email_notification", 420, 600);
  await designer.connect("Decide", "Apply leave");
  await designer.connect("Decide", "Send email notification");

  await designer.select("Decide");
  const conditions = page.locator("[data-testid^='condition-']");
  await expect(conditions).toHaveCount(2);
  await conditions.nth(0).fill("If the balance covers the request");
  await conditions.nth(1).fill("Otherwise");
  await expect(page.getByText("If the balance covers the request", { exact: true }).last()).toBeVisible();
  await expect(page.locator("[data-testid^='edge-label-']")).toHaveCount(2);

  // The canvas tells React Flow where handles are instead of measuring them (lib/graph/handles.ts): every edge must
  // still start and end on a drawn handle, also after a new way out was added to the branch.
  await expect.poll(() => edgeEndsOffHandles(page)).toEqual([]);
});

/** Edge ends (in screen pixels) not within 1.5 px of where an edge meets a handle: the middle of its left or right side. */
function edgeEndsOffHandles(page: import("@playwright/test").Page) {
  return page.evaluate(() => {
    const centres = [...document.querySelectorAll(".react-flow__handle")].flatMap((handle) => {
      const box = handle.getBoundingClientRect();
      const y = box.top + box.height / 2;
      return [
        { x: box.left, y },
        { x: box.right, y },
      ];
    });
    const off: string[] = [];
    for (const path of document.querySelectorAll<SVGPathElement>(".react-flow__edge-path")) {
      const matrix = path.getScreenCTM();
      if (!matrix) continue;
      for (const length of [0, path.getTotalLength()]) {
        const point = path.getPointAtLength(length).matrixTransform(matrix);
        if (!centres.some((centre) => Math.hypot(centre.x - point.x, centre.y - point.y) <= 1.5))
          off.push(`${Math.round(point.x)},${Math.round(point.y)}`);
      }
    }
    return off;
  });
}

test("a routine that cannot be loaded says so, and opens when asked again", async ({ page }) => {
  const name = uniqueName("Flaky load");
  const { routineId } = await dal("author", "createRoutine", { name });
  let failing = true;
  await page.route("**/api/routines/*/working", (route) =>
    failing
      ? route.fulfill({ status: 503, json: { error: "The database is busy; try again in a moment." } })
      : route.fallback(),
  );
  await page.goto(`/routines/${routineId}`);
  await expect(page.getByTestId("designer-load-error")).toContainText("The database is busy; try again in a moment.");
  failing = false;
  await page.getByTestId("designer-load-retry").click();
  const designer = new DesignerPage(page);
  await designer.expectOpen(name);
  await expect(designer.node("Done")).toBeVisible();
});

test("undo and redo, and a validation issue that comes and goes", async ({ page }) => {
  const designer = await openNewRoutine(page, uniqueName("Undo"));
  await designer.dropFromPalette("palette-kind-skill", 200, 150);
  await expect(designer.node("Think or write")).toBeVisible();
  await designer.openPanel("Issues");
  const unreachable = designer.issues().filter({ hasText: "Think or write" });
  await expect(unreachable.first()).toBeVisible();

  await page.getByTestId("undo").click();
  await expect(designer.node("Think or write")).toHaveCount(0);
  await expect(unreachable).toHaveCount(0);
  await page.getByTestId("redo").click();
  await expect(designer.node("Think or write")).toBeVisible();

  await designer.canvas().click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+z");
  await expect(designer.node("Think or write")).toHaveCount(0);
  await page.keyboard.press("Control+Shift+z");
  await expect(designer.node("Think or write")).toBeVisible();
});

test("the text view edits the routine, and refuses text it cannot read without changing anything", async ({ page }) => {
  const designer = await openNewRoutine(page, uniqueName("Text"));
  await designer.dropTool("get_employee", 150, 150);
  await designer.connect("Get employee", "Done");
  await designer.openPanel("Text");
  const box = page.getByTestId("text-view-input");
  const original = await box.inputValue();
  expect(original).toContain("Get employee");

  await box.fill(original.replace("Get employee", "Look up the employee"));
  await page.getByTestId("text-view-apply").click();
  await expect(page.getByTestId("text-view-applied")).toBeVisible();
  await expect(designer.node("Look up the employee")).toBeVisible();

  await box.fill("Step x. This is not a routine");
  await page.getByTestId("text-view-apply").click();
  await expect(page.getByTestId("text-view-errors")).toContainText("Line 1");
  await expect(designer.node("Look up the employee")).toBeVisible();
});

test("importing a malformed file says why and changes nothing", async ({ page }) => {
  const designer = await openNewRoutine(page, uniqueName("Import"));
  await page.getByTestId("import-file").setInputFiles({
    name: "broken.json",
    mimeType: "application/json",
    buffer: Buffer.from('{"schemaVersion": 2, "steps": ['),
  });
  await expect(page.getByTestId("import-error")).toBeVisible();
  await expect(page.getByTestId("import-error")).toContainText("Line 1");
  await page.keyboard.press("Escape");
  await expect(designer.nodes()).toHaveCount(1);
});

test("a save based on an old version is refused, and the author chooses what to keep", async ({ page, pageAs }) => {
  const name = uniqueName("Stale");
  const designer = await openNewRoutine(page, name);
  const url = page.url();

  // The same author in a second window (another browser context with the same session).
  const otherPage = await pageAs("author");
  await otherPage.goto(url);
  const otherDesigner = new DesignerPage(otherPage);
  await otherDesigner.expectOpen(name);

  await designer.dropFromPalette("palette-kind-skill", 200, 150);
  await designer.expectSaved();

  await otherDesigner.dropFromPalette("palette-kind-human", 200, 300);
  await expect(otherPage.getByTestId("stale-save-dialog")).toBeVisible();
  await expect(otherPage.getByTestId("stale-reload")).toBeVisible();
  await otherPage.getByTestId("stale-keep-copy").click();
  await expect(otherPage.getByTestId("page-title")).toHaveText(`${name} (my copy)`);
  await expect(otherDesigner.node("Ask a person")).toBeVisible();
  await otherPage.context().close();

  await page.reload();
  await expect(designer.node("Think or write")).toBeVisible();
  await expect(designer.node("Ask a person")).toHaveCount(0);
});

test("steps copied in one routine paste into another, and a stage groups them", async ({ page }) => {
  const first = await openNewRoutine(page, uniqueName("Copy from"));
  await first.dropFromPalette("palette-kind-skill", 200, 150);
  await first.select("Think or write");
  await page.getByTestId("inspector-name").fill("Summarise the request");
  await first.node("Summarise the request").click();
  await page.keyboard.press("Control+c");

  const second = await openNewRoutine(page, uniqueName("Paste into"));
  await second.canvas().click({ position: { x: 10, y: 10 } });
  await page.keyboard.press("Control+v");
  await expect(second.node("Summarise the request")).toBeVisible();

  await second.select("Summarise the request");
  await page.getByTestId("inspector-stage").selectOption({ label: "+ New stage" });
  await expect(page.locator("[data-testid^='stage-']").filter({ hasText: "Stage 1" })).toBeVisible();
  await second.expectSaved();
  await page.reload();
  await expect(page.locator("[data-testid^='stage-']").filter({ hasText: "Stage 1" })).toBeVisible();
  await expect(second.node("Summarise the request")).toBeVisible();
});

test("a routine input is declared on the routine and bound in a step", async ({ page }) => {
  const designer = await openNewRoutine(page, uniqueName("Inputs"));
  await page.getByTestId("add-routine-input").click();
  await page.getByTestId("routine-inputs").getByLabel("Input name").fill("employee_id");
  await designer.dropTool("get_employee", 150, 150);
  await designer.select("Get employee");
  await page.getByTestId("binding-input-employee_id").selectOption({ label: "employee_id" });
  await designer.expectSaved();
  await page.reload();
  await designer.select("Get employee");
  await expect(page.getByTestId("binding-input-employee_id").locator("option:checked")).toHaveText("employee_id");
});
