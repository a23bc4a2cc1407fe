import "server-only";
import type { Viewer } from "../../access";
import { createSuite, createTestCase } from "../../db/evals";
import { demoCases } from "./demo-cases";
import type { DemoRoutineKey } from "./demo-routines";

/** The suite every demo routine starts with: the paper's comparison of an agent with the routine and without it. */
export const DEMO_SUITE_NAME = "With routine vs without";

/** Adds the demo routine's test cases as `author`, through the Cases tab's function (the case schema checks each). */
export async function seedDemoCases(author: Viewer, routineId: string, key: DemoRoutineKey): Promise<number> {
  const cases = demoCases(key);
  for (const content of cases) await createTestCase(author, routineId, content);
  return cases.length;
}

/**
 * Creates the "With routine vs without" suite as `author`, through the suite form's function: the published version
 * in agent mode (the executor model follows the routine) beside baseline mode (the same model with the tools and no
 * routine), with the executor's configured model. Nothing runs until someone starts it.
 */
export async function seedDemoSuite(author: Viewer, routineId: string, versionId: string): Promise<string> {
  const { suiteId } = await createSuite(author, {
    routineId,
    name: DEMO_SUITE_NAME,
    configurations: [
      { versionId, mode: "agent" },
      { versionId, mode: "baseline" },
    ],
  });
  return suiteId;
}
