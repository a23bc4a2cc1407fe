import type { Page } from "@playwright/test";
import { demoRoutines } from "../lib/demo/seed/testing";
import type { Routine } from "../lib/routine";
import { LEAVE_REQUEST_CATALOG_TEXT } from "../lib/routine/testing/paper-example";
import { expect, test, uniqueName } from "./fixtures";
import { dal } from "./support/dal";
import { createJsonRoutine, createPaperRoutine, publishWorkingVersion } from "./support/routines";
import { SAME_ORIGIN } from "./support/env";

// Issue #14: every routine readable at a glance. Each demo routine and the paper's own example, pasted as text,
// opens in the designer, the review and the run view with every step's name on screen, whole, at a rendered size
// of 11 px or more, and with no two condition labels on top of each other, on a 1440×900 and a 1280×800 screen.

const LEGIBLE_PX = 11;

type Sample = { title: string; create: (name: string) => Promise<string> };

const SAMPLES: Sample[] = [
  ...demoRoutines().map((routine) => ({
    title: `demo “${routine.name}”`,
    // Without positions, as a routine from JSON, paper text or the planner arrives: the app lays it out.
    create: (name: string) => {
      const steps = routine.steps.map(({ position: _position, ...step }) => step);
      return createJsonRoutine({ ...routine, name, steps } as { name: string });
    },
  })),
  {
    title: "the paper's leave request, pasted as text",
    create: (name) => createPaperRoutine(name, LEAVE_REQUEST_CATALOG_TEXT),
  },
];

/** `node`: a selector for the canvas's step nodes; `name`: the test id of a node's name; `label`: a label's test id prefix. */
type Check = { page: Page; canvas: string; node: string; name: string; label: string };

/**
 * Reads every step's name and every condition label on the canvas: each name must be inside the canvas, on top
 * (not under the minimap or the controls), whole (not cut by an ellipsis) and at least LEGIBLE_PX tall as rendered
 * (its font size times the canvas's zoom); no two labels may overlap.
 */
async function expectLegible({ page, canvas, node, name, label }: Check, routine: Shape) {
  const stepCount = routine.steps.length;
  const labelCount = routine.edges.filter((edge) => edge.condition?.label).length;
  const frame = page.getByTestId(canvas);
  await expect(frame.locator(node)).toHaveCount(stepCount);
  await expect(frame.locator(`[data-testid^='${label}']`)).toHaveCount(labelCount);
  const report = await frame.evaluate(
    (root, { nameId, labelPrefix, nodeSelector }) => {
      const box = root.getBoundingClientRect();
      const names = [...root.querySelectorAll<HTMLElement>(`[data-testid='${nameId}']`)].map((element) => {
        const rect = element.getBoundingClientRect();
        // The canvas's zoom: the node's drawn width over the width it is given (a scaled text box's own height is
        // rounded to whole pixels, too coarse at 11 px).
        const node = element.closest<HTMLElement>(nodeSelector)!;
        const zoom = node.getBoundingClientRect().width / parseFloat(node.style.width);
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return {
          text: element.textContent ?? "",
          px: parseFloat(getComputedStyle(element).fontSize) * zoom,
          inside:
            rect.left >= box.left - 1 &&
            rect.right <= box.right + 1 &&
            rect.top >= box.top - 1 &&
            rect.bottom <= box.bottom + 1,
          onTop: hit !== null && (element === hit || element.contains(hit)),
          whole: element.scrollWidth <= element.clientWidth + 1 && element.scrollHeight <= element.clientHeight + 1,
        };
      });
      const labels = [...root.querySelectorAll<HTMLElement>(`[data-testid^='${labelPrefix}']`)].map((element) => {
        const r = element.getBoundingClientRect();
        return { text: element.textContent ?? "", left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      });
      const overlaps: string[] = [];
      labels.forEach((a, i) =>
        labels.slice(i + 1).forEach((b) => {
          if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
            overlaps.push(`${a.text} × ${b.text}`);
        }),
      );
      return { names, overlaps };
    },
    { nameId: name, labelPrefix: label, nodeSelector: node },
  );
  expect(report.names).toHaveLength(stepCount);
  for (const entry of report.names) {
    expect.soft(entry.px, `“${entry.text}” renders at ${entry.px.toFixed(1)} px`).toBeGreaterThanOrEqual(LEGIBLE_PX);
    expect.soft(entry, `“${entry.text}” is on screen, on top and whole`).toMatchObject({
      inside: true,
      onTop: true,
      whole: true,
    });
  }
  expect(report.overlaps).toEqual([]);
}

type Shape = Pick<Routine, "steps" | "edges" | "inputs">;

/** A new routine from the sample, as the app stored it (laid out). */
async function created(sample: Sample): Promise<{ routineId: string; routine: Shape }> {
  const routineId = await sample.create(uniqueName("Legible"));
  const { routine } = await dal("author", "workingVersion", { routineId });
  return { routineId, routine: routine as unknown as Shape };
}

/** Values for every input the routine declares, so a run of it can start. */
function runInputs(inputs: { name: string; type: string }[]): Record<string, unknown> {
  const value = (input: { name: string; type: string }) =>
    input.type === "number"
      ? 3
      : input.type === "boolean"
        ? true
        : input.name.includes("date")
          ? "2026-12-01"
          : "E1024";
  return Object.fromEntries(inputs.map((input) => [input.name, value(input)]));
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
]) {
  test.describe(`every step legible at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport, signedInAs: "author" });

    for (const sample of SAMPLES) {
      test(`${sample.title}: designer and review`, async ({ page, pageAs }) => {
        const { routineId, routine } = await created(sample);
        await page.goto(`/routines/${routineId}`);
        await expectLegible(
          {
            page,
            canvas: "designer-canvas",
            node: "[data-testid^='step-node-']",
            name: "node-name",
            label: "edge-label-",
          },
          routine,
        );

        await dal("author", "submitForReview", { routineId });
        const reviewer = await pageAs("reviewer");
        await reviewer.setViewportSize(viewport);
        await reviewer.goto(`/routines/${routineId}/review/1`);
        await expectLegible(
          {
            page: reviewer,
            canvas: "review-canvas-proposed",
            node: "[data-testid^='review-node-'][data-diff]",
            name: "review-node-name",
            label: "review-edge-label-",
          },
          routine,
        );
      });

      test(`${sample.title}: run view`, async ({ pageAs }) => {
        const { routineId, routine } = await created(sample);
        await publishWorkingVersion(routineId);
        const operator = await pageAs("operator");
        await operator.setViewportSize(viewport);
        const started = await operator.request.post("/api/runs", {
          headers: SAME_ORIGIN,
          data: { routineId, inputs: runInputs(routine.inputs) },
        });
        expect(started.status(), await started.text()).toBe(201);
        const { runId } = (await started.json()) as { runId: string };
        await operator.goto(`/runs/${runId}`);
        await expectLegible(
          {
            page: operator,
            canvas: "run-canvas",
            node: "[data-testid^='run-node-'][data-state]",
            name: "run-node-name",
            label: "run-edge-label-",
          },
          routine,
        );
      });
    }
  });
}
