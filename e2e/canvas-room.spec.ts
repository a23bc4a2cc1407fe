import type { Page } from "@playwright/test";
import { expect, test, uniqueName } from "./fixtures";
import { createJsonRoutine } from "./support/routines";
import { approvalRoutine } from "./support/runs";

// Issue #14, room for the canvas: on the canvas pages the navigation shows as icons, the side panels can be hidden
// and resized, the canvas gets the rest, and all of it is remembered when the page is opened again.

test.use({ signedInAs: "author", viewport: { width: 1280, height: 800 } });

const widthOf = async (page: Page, testId: string) => (await page.getByTestId(testId).boundingBox())?.width ?? 0;

test("the designer gives the canvas the room, and remembers how it was left", async ({ page }) => {
  const routineId = await createJsonRoutine(approvalRoutine(uniqueName("Room")));
  await page.goto(`/routines/${routineId}`);
  const nav = page.getByTestId("main-nav");
  await expect(page.getByTestId("designer-canvas")).toBeVisible();

  // Opens with the navigation as icons (named for screen readers and tooltips) and both panels open.
  await expect(nav).toHaveAttribute("data-icons", "true");
  await expect(nav.getByRole("link", { name: "Routines" })).toBeVisible();
  expect(await widthOf(page, "main-nav")).toBeLessThan(64);
  const opened = await widthOf(page, "designer-canvas");
  expect(opened).toBeGreaterThan(640);

  // Hiding the palette hands its room to the canvas.
  await page.getByTestId("palette-panel-collapse").click();
  await expect(page.getByTestId("palette")).toBeHidden();
  await expect.poll(() => widthOf(page, "designer-canvas")).toBeGreaterThan(opened + 150);

  // The details panel resizes from the keyboard: End is its widest, Home its narrowest.
  const handle = page.getByTestId("details-panel-resize");
  await handle.focus();
  await page.keyboard.press("Home");
  await expect(handle).toHaveAttribute("aria-valuenow", "280");
  await page.keyboard.press("ArrowLeft");
  await expect(handle).toHaveAttribute("aria-valuenow", "296");

  // The navigation can show its labels again.
  await page.getByTestId("main-nav-toggle").click();
  await expect(nav.getByTestId("nav-routines")).toHaveText("Routines");

  // All of it is remembered on the next visit, drawn that way from the server's first answer.
  await page.reload();
  await expect(page.getByTestId("designer-canvas")).toBeVisible();
  await expect(page.getByTestId("palette-panel")).toHaveAttribute("data-open", "false");
  await expect(page.getByTestId("details-panel-resize")).toHaveAttribute("aria-valuenow", "296");
  await expect(nav.getByTestId("nav-routines")).toHaveText("Routines");

  // And undone the same way.
  await page.getByTestId("palette-panel-expand").click();
  await expect(page.getByTestId("palette")).toBeVisible();
  await page.getByTestId("main-nav-toggle").click();
  await expect(nav).toHaveAttribute("data-icons", "true");
});
