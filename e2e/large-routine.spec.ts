import type { Locator } from "@playwright/test";
import { LEGIBILITY } from "../lib/graph";
import { expect, test, uniqueName } from "./fixtures";
import { dal } from "./support/dal";
import { createJsonRoutine } from "./support/routines";

// A routine past LEGIBILITY.fullDetailMaxSteps opens on its first steps, and its canvases mount only the steps in
// view (lib/graph drawsOnlyInView): the rest must come as soon as the person looks at them.

const STEP_COUNT = LEGIBILITY.fullDetailMaxSteps + 100;
const COLUMNS = 20;

/** `STEP_COUNT` skill steps in one chain, laid out in rows of COLUMNS, ending at an end step. */
function largeRoutine(name: string) {
  const steps = Array.from({ length: STEP_COUNT }, (_, index) => {
    const base = {
      id: `s${index + 1}`,
      name: index === STEP_COUNT - 1 ? "Done" : `Step ${index + 1}`,
      description: "",
      position: { x: (index % COLUMNS) * 300, y: Math.floor(index / COLUMNS) * 120 },
    };
    return index === STEP_COUNT - 1
      ? { ...base, kind: "end" }
      : { ...base, kind: "skill", instruction: "Summarize the request.", inputs: {}, outputs: [] };
  });
  const edges = steps
    .slice(1)
    .map((step, index) => ({ id: `e${index + 1}`, source: steps[index].id, target: step.id }));
  return { schemaVersion: 2, id: "large", name, description: "", inputs: [], steps, edges };
}

/** Mounted nodes are the ones in view: some, not all; "Fit view" brings every step. */
async function expectOnlyInViewThenAll(canvas: Locator, nodes: Locator, firstStep: Locator) {
  await expect(firstStep).toBeVisible();
  const opened = await nodes.count();
  expect(opened, "nodes mounted at opening").toBeGreaterThan(0);
  expect(opened, "nodes mounted at opening").toBeLessThan(STEP_COUNT);
  await canvas.locator(".react-flow__controls-fitview").click();
  await expect(nodes).toHaveCount(STEP_COUNT);
}

test.use({ viewport: { width: 1600, height: 1000 }, signedInAs: "author" });

test("a very large routine opens on its first steps in the designer and the review, and fit view shows every step", async ({
  page,
  pageAs,
}) => {
  const routineId = await createJsonRoutine(largeRoutine(uniqueName("Large")));
  await page.goto(`/routines/${routineId}`);
  const designer = page.getByTestId("designer-canvas");
  const designerNodes = designer.locator("[data-testid^='step-node-']");
  await expectOnlyInViewThenAll(designer, designerNodes, designer.getByTestId("step-node-s1"));

  await dal("author", "submitForReview", { routineId });
  const reviewer = await pageAs("reviewer");
  await reviewer.setViewportSize({ width: 1600, height: 1000 });
  await reviewer.goto(`/routines/${routineId}/review/1`);
  const review = reviewer.getByTestId("review-canvas-proposed");
  const reviewNodes = review.locator("[data-testid^='review-node-'][data-diff]");
  await expectOnlyInViewThenAll(review, reviewNodes, review.getByTestId("review-node-s1"));
});
