import type { Page } from "@playwright/test";
import { DEMO, expect, test, uniqueName } from "./fixtures";
import { DesignerPage } from "./pages/designer-page";
import { ReviewPage } from "./pages/review-page";
import { RoutinesPage } from "./pages/routines-page";
import { VersionsPage } from "./pages/versions-page";
import { dal } from "./support/dal";
import { optimizedLeaveInReview, renameStepAndResubmit, requestChangesOnStep } from "./support/reviews";
import { createJsonRoutine, publishWorkingVersion } from "./support/routines";

// The review screen is a desktop tool: two canvases and a details panel side by side. The page of each test is the
// author's; the reviewer's (and the admin's) open beside it with pageAs.
test.use({ viewport: { width: 1600, height: 1000 }, signedInAs: "author" });

const SHOTS = "test-results/review-screens";

/** Version 1: ask for the dates, summarize, done. */
const v1 = (name: string) => ({
  schemaVersion: 2,
  id: "leave",
  name,
  description: "Books days off",
  steps: [
    {
      id: "ask",
      kind: "human",
      name: "Ask for the dates",
      instruction: "Ask which days the employee wants off.",
      position: { x: 0, y: 0 },
    },
    {
      id: "summarize",
      kind: "skill",
      name: "Summarize the request",
      instruction: "Write one line with the dates.",
      position: { x: 320, y: 0 },
    },
    { id: "done", kind: "end", name: "Done", position: { x: 640, y: 16 } },
  ],
  edges: [
    { id: "e1", source: "ask", target: "summarize" },
    { id: "e2", source: "summarize", target: "done" },
  ],
});

/** Version 2: "ask" reworded (changed), "summarize" gone (removed), "notify" new (added), "done" as it was. */
const v2 = (name: string) => ({
  ...v1(name),
  steps: [
    {
      id: "ask",
      kind: "human",
      name: "Ask for the holiday dates",
      instruction: "Ask which days, and whether half days count.",
      position: { x: 0, y: 0 },
    },
    {
      id: "notify",
      kind: "skill",
      name: "Tell the team",
      instruction: "Write a short note to the team.",
      position: { x: 320, y: 0 },
    },
    { id: "done", kind: "end", name: "Done", position: { x: 640, y: 16 } },
  ],
  edges: [
    { id: "e1", source: "ask", target: "notify" },
    { id: "e3", source: "notify", target: "done" },
  ],
});

async function submit(page: Page) {
  await page.getByTestId("submit-for-review").click();
  await expect(page.getByTestId("designer-status")).toHaveAttribute("data-status", "in_review");
  await expect(page.getByTestId("designer-read-only")).toHaveText("Read only while in review: withdraw it to edit.");
  // Read-only: nothing can be added, so the designer offers no palette.
  await expect(page.getByTestId("palette")).toHaveCount(0);
}

/** Starts a new draft from the designer and replaces its content with `routine` through the toolbar's import. */
async function newDraftWith(page: Page, designer: DesignerPage, routine: object, version: number) {
  await page.reload();
  await page.getByTestId("start-draft").click();
  await designer.expectVersion(version, "draft");
  await expect(page.getByTestId("designer")).toBeVisible();
  await page
    .getByTestId("import-file")
    .setInputFiles({ name: "next.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(routine)) });
  await designer.expectSaved();
}

test("a reviewer reads what the planner changed, comments on a step and sends the version back", async ({
  request,
  pageAs,
}) => {
  const name = uniqueName("Review flow");
  const routineId = await optimizedLeaveInReview(request, name);

  // The reviewer sees what the planner changed: colours on both canvases, the legend, provenance and reasons.
  const reviewerPage = await pageAs("reviewer");
  const review = new ReviewPage(reviewerPage);
  await review.goto(routineId, 2);
  await expect(review.status()).toHaveAttribute("data-status", "in_review");
  await expect(reviewerPage.getByTestId("review-base-label")).toHaveText("compared with v1");
  await expect(reviewerPage.getByTestId("review-provenance")).toContainText(`optimized by ${DEMO.author.name}`);
  await expect(reviewerPage.getByTestId("review-model")).toContainText("fake-model");
  await expect(reviewerPage.getByTestId("review-model")).toContainText("0 repair rounds");
  await expect(reviewerPage.getByTestId("review-rationale")).toContainText("Added the decision the draft implied.");
  await expect(review.node("base", "s1")).toHaveAttribute("data-diff", "changed");
  await expect(review.node("proposed", "s1")).toHaveAttribute("data-diff", "changed");
  await expect(review.node("proposed", "enough")).toHaveAttribute("data-diff", "added");
  await expect(review.node("proposed", "explain")).toHaveAttribute("data-diff", "added");
  await expect(review.node("base", "enough")).toHaveCount(0);
  await expect(reviewerPage.getByTestId("diff-legend-added")).toContainText("2");
  await expect(reviewerPage.getByTestId("change-item")).toHaveCount(5);

  await review.selectStep("proposed", "s1");
  const nameRow = reviewerPage.locator("[data-testid='step-diff-row'][data-field='name']");
  await expect(nameRow).toHaveAttribute("data-status", "changed");
  await expect(nameRow.getByTestId("step-diff-before")).toHaveText("Check balance");
  await expect(nameRow.getByTestId("step-diff-after")).toHaveText("Check leave balance");
  const bindingRow = reviewerPage.locator("[data-testid='step-diff-row'][data-field='inputs.employee_id']");
  await expect(bindingRow.getByTestId("step-diff-after")).toHaveText("routine input employee_id");
  await expect(review.node("base", "s1")).toHaveAttribute("data-selected", "true");
  await review.selectStep("proposed", "enough");
  await expect(reviewerPage.getByTestId("step-rationale")).toContainText(
    "The draft files leave only when days are left.",
  );

  // One viewport for both canvases: zooming either one draws the steps of both at the same new size, and dragging
  // one moves the other's steps by the same distance.
  const box = async (side: "base" | "proposed") => (await review.node(side, "s1").boundingBox())!;
  for (const [side, button] of [
    ["proposed", "Zoom In"],
    ["base", "Zoom Out"],
  ] as const) {
    const before = Math.round((await box("proposed")).width);
    await reviewerPage.getByTestId(`review-canvas-${side}`).getByRole("button", { name: button }).click();
    await expect
      .poll(async () => {
        const [base, proposed] = [Math.round((await box("base")).width), Math.round((await box("proposed")).width)];
        return base === proposed && proposed !== before;
      })
      .toBe(true);
  }
  const [base0, proposed0] = [await box("base"), await box("proposed")];
  const pane = (await reviewerPage.getByTestId("review-canvas-proposed").boundingBox())!;
  await reviewerPage.mouse.move(pane.x + pane.width - 60, pane.y + 50);
  await reviewerPage.mouse.down();
  await reviewerPage.mouse.move(pane.x + pane.width - 160, pane.y + 90, { steps: 5 });
  await reviewerPage.mouse.up();
  const moved = async (side: "base" | "proposed", from: { x: number; y: number }) => {
    const now = await box(side);
    return `${Math.round(now.x - from.x)},${Math.round(now.y - from.y)}`;
  };
  await expect.poll(() => moved("proposed", proposed0)).toBe("-100,40");
  expect(await moved("base", base0)).toBe("-100,40");
  // The panes can be swapped between side by side and one above the other, and back.
  const toggle = reviewerPage.getByTestId("review-layout-toggle");
  const opened = await toggle.getAttribute("data-layout");
  await toggle.click();
  await expect(toggle).toHaveAttribute("data-layout", opened === "rows" ? "columns" : "rows");
  await toggle.click();
  await expect(toggle).toHaveAttribute("data-layout", opened!);

  await review.openTab("text");
  await expect(
    reviewerPage
      .locator("[data-testid='text-diff-line'][data-kind='added']")
      .filter({ hasText: "Check leave balance" }),
  ).toBeVisible();
  await expect(
    reviewerPage
      .locator("[data-testid='text-diff-line'][data-kind='removed']")
      .filter({ hasText: "Check balance" })
      .first(),
  ).toBeVisible();
  await review.openTab("draft");
  await expect(reviewerPage.getByTestId("source-draft")).toContainText("Check balance");

  await review.selectStep("proposed", "enough");
  await review.commentOnStep("Say what happens on exactly zero days.");
  await reviewerPage.emulateMedia({ colorScheme: "light" });
  await reviewerPage.screenshot({ path: `${SHOTS}/review-light.png` });
  await reviewerPage.emulateMedia({ colorScheme: "dark" });
  await reviewerPage.screenshot({ path: `${SHOTS}/review-dark.png` });
  await reviewerPage.emulateMedia({ colorScheme: "light" });
  await review.decide("request_changes", "Please make the zero-day case explicit.");
  await expect(review.status()).toHaveAttribute("data-status", "changes_requested");
});

test("the author sees the requested changes and the step's comment, revises, resolves it and resubmits", async ({
  page,
  request,
}) => {
  const name = uniqueName("Revise flow");
  const routineId = await optimizedLeaveInReview(request, name);
  await requestChangesOnStep(
    routineId,
    "enough",
    "Say what happens on exactly zero days.",
    "Please make the zero-day case explicit.",
  );

  // The author sees the request, the comment on the step's node and in the Comments tab, revises and resubmits.
  const designer = new DesignerPage(page);
  await designer.open(routineId, name);
  await expect(page.getByTestId("designer-status")).toHaveAttribute("data-status", "changes_requested");
  await expect(page.getByTestId("changes-requested")).toContainText(`${DEMO.reviewer.name} requested changes`);
  await expect(page.getByTestId("changes-requested-comment")).toHaveText("“Please make the zero-day case explicit.”");
  await expect(designer.node("Enough days?").getByTestId("node-comments")).toHaveText("1");
  await page.getByTestId("comments-tab").click();
  await expect(page.getByTestId("designer-comment-body")).toHaveText("Say what happens on exactly zero days.");
  await page.screenshot({ path: `${SHOTS}/designer-comments.png` });

  await designer.openPanel("Inspector");
  await designer.select("Enough days?");
  await page.getByTestId("inspector-name").fill("At least one day left?");
  await designer.expectSaved();
  await page.getByTestId("comments-tab").click();
  await page.getByTestId("designer-comment-resolve").click();
  await expect(page.getByTestId("designer-comments-empty")).toBeVisible();
  await expect(designer.node("At least one day left?").getByTestId("node-comments")).toHaveCount(0);
  await submit(page);
});

test("the reviewer approves the revised version and publishes it; the library shows it published", async ({
  page,
  request,
  pageAs,
}) => {
  const name = uniqueName("Approve flow");
  const routineId = await optimizedLeaveInReview(request, name);
  await requestChangesOnStep(
    routineId,
    "enough",
    "Say what happens on exactly zero days.",
    "Please make the zero-day case explicit.",
  );
  await renameStepAndResubmit(routineId, "enough", "At least one day left?");

  const reviewerPage = await pageAs("reviewer");
  const review = new ReviewPage(reviewerPage);
  await review.goto(routineId, 2);
  await expect(reviewerPage.getByTestId("review-decision")).toHaveAttribute("data-decision", "changes_requested");
  await expect(review.node("proposed", "enough")).toContainText("At least one day left?");
  await review.decide("approve");
  await expect(review.status()).toHaveAttribute("data-status", "approved");
  await review.publish();

  const library = new RoutinesPage(page);
  await library.goto();
  await expect(library.row(name).getByTestId("routine-published")).toHaveText("published v2");
  await page.screenshot({ path: `${SHOTS}/library.png` });
});

test("four-eyes: an admin who optimized a version gets no Approve button and is told why; an author gets none either", async ({
  page,
  pageAs,
}) => {
  const name = uniqueName("Four eyes");
  const adminPage = await pageAs("admin");
  const routineId = await optimizedLeaveInReview(adminPage.request, name, "admin");

  const adminReview = new ReviewPage(adminPage);
  await adminReview.goto(routineId, 2);
  await expect(adminReview.status()).toHaveAttribute("data-status", "in_review");
  await expect(adminReview.refusal()).toHaveText(
    "You optimized this version; another reviewer must decide (four-eyes rule).",
  );
  await expect(adminReview.approveButton()).toHaveCount(0);
  await expect(adminReview.decisionBar()).toHaveCount(0);

  const authorReview = new ReviewPage(page);
  await authorReview.goto(routineId, 2);
  await expect(authorReview.refusal()).toHaveText("Deciding on a version needs the reviewer role.");
  await expect(authorReview.approveButton()).toHaveCount(0);

  const reviewerPage = await pageAs("reviewer");
  const review = new ReviewPage(reviewerPage);
  await review.goto(routineId, 2);
  await expect(review.refusal()).toHaveCount(0);
  await expect(review.approveButton()).toBeVisible();
});

test("a first version is reviewed without a base and published; the next one is withdrawn and submitted again", async ({
  page,
  pageAs,
}) => {
  const name = uniqueName("Withdraw");
  const routineId = await createJsonRoutine(v1(name));
  const designer = new DesignerPage(page);
  await designer.open(routineId, name);
  await submit(page);

  const reviewerPage = await pageAs("reviewer");
  const review = new ReviewPage(reviewerPage);
  await review.goto(routineId, 1);
  await expect(reviewerPage.getByTestId("review-no-base")).toBeVisible();
  await expect(review.node("proposed", "ask")).toHaveAttribute("data-diff", "added");
  await review.decide("approve");
  await review.publish();

  await newDraftWith(page, designer, v2(name), 2);
  await expect(page.getByTestId("designer-published")).toHaveText("published v1");
  await submit(page);
  // Withdrawn, the version is an editable draft again; then it goes back to review.
  await page.getByTestId("withdraw-version").click();
  await expect(page.getByTestId("designer-status")).toHaveAttribute("data-status", "draft");
  await expect(page.getByTestId("designer-read-only")).toHaveCount(0);
  await expect(page.getByTestId("palette")).toBeVisible();
  await submit(page);
});

test("rolling back publishes an older approved version again, and the history says so", async ({ pageAs }) => {
  const name = uniqueName("Rollback");
  const routineId = await createJsonRoutine(v1(name));
  await publishWorkingVersion(routineId);
  await dal("author", "startNewDraft", { routineId });
  await dal("author", "saveDraft", { routineId, routine: v2(name) });
  await publishWorkingVersion(routineId);

  const reviewerPage = await pageAs("reviewer");
  const versions = new VersionsPage(reviewerPage);
  await versions.goto(routineId);
  await expect(reviewerPage.getByTestId("versions-published")).toHaveText("published v2");
  await expect(versions.row(1).getByTestId("version-publish")).toHaveText("Roll back to v1");
  // The confirmation names what changes; Cancel (or Escape) publishes nothing.
  await versions.row(1).getByTestId("version-publish").click();
  await expect(versions.confirmDialog(1)).toContainText("Roll back to v1?");
  await expect(versions.confirmDialog(1).getByTestId("publish-confirm-replaced")).toHaveText(
    "v2 stops being the published version.",
  );
  await expect(versions.confirmDialog(1)).toContainText("Runs already started keep the version they started with");
  await reviewerPage.keyboard.press("Escape");
  await expect(versions.confirmDialog(1)).toBeHidden();
  await expect(reviewerPage.getByTestId("versions-published")).toHaveText("published v2");
  await versions.publish(1);
  await expect(reviewerPage.getByTestId("versions-published")).toHaveText("published v1");
  await expect(versions.publications()).toHaveCount(3);
  const latest = versions.publications().first();
  await expect(latest).toHaveAttribute("data-version", "1");
  await expect(latest.getByTestId("publication-rollback")).toHaveText("Rollback");
  await expect(latest).toContainText(`published by ${DEMO.reviewer.name}`);
  await expect(latest.getByTestId("publication-approved")).toContainText(`approved by ${DEMO.reviewer.name}`);
  await expect(versions.publications().nth(1)).toHaveAttribute("data-version", "2");
  await expect(versions.publications().nth(1).getByTestId("publication-rollback")).toHaveCount(0);
  await expect(versions.row(2).getByTestId("version-publish")).toHaveText("Publish v2");
  await reviewerPage.screenshot({ path: `${SHOTS}/versions.png`, fullPage: true });

  await reviewerPage.goto(`/routines/${routineId}/review/99`);
  await expect(reviewerPage.getByTestId("review-not-found")).toBeVisible();
});
