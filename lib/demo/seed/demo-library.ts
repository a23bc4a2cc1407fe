import "server-only";
import { randomUUID } from "node:crypto";
import type { Role } from "../../access";
import { recordAudit } from "../../db/audit";
import { prisma } from "../../db/core";
import { blockingIssues, insertRoutine, prepareNewRoutine, registryToolLookup } from "../../db/routines";
import { loadViewerByEmail } from "../../db/users";
import type { Routine } from "../../routine";
import { approveAndPublish, completeDraftAndPublish, type DemoReviewTeam } from "./demo-publication";
import { demoLibrary, type DemoLibraryRoutine } from "./demo-routines";
import { seedDemoCases, seedDemoSuite } from "./demo-suites";
import { DEMO_USERS } from "./demo-users";

/** What seeding the demo library did: the routines' names, and why part of it was left out. */
export type DemoLibraryResult = { routines: string[]; warnings: string[] };

const DRAFTS_ONLY =
  "so the demo routines were seeded as drafts with their test cases, not reviewed or published, and without their suite.";

/** The active demo account holding `role`, as the DAL sees it; null when there is none. */
async function demoViewer(role: Role) {
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes(role));
  return user ? loadViewerByEmail(user.email) : null;
}

/**
 * The demo library, into a library with no routines: each demo routine owned by the demo author, reviewed by the
 * demo reviewer and published (the payslip routine from its expert draft, rejected first), with its test cases and
 * the "With routine vs without" suite on the published version. Nothing runs. Without the demo author nothing is
 * seeded; without the demo reviewer, or when the demo HR tools are not in the catalog (the demo HR server is off),
 * the routines stay drafts with their cases, and a warning says why.
 */
export async function seedDemoLibrary(): Promise<DemoLibraryResult> {
  const author = await demoViewer("author");
  if (!author) return { routines: [], warnings: [] };
  const reviewer = await demoViewer("reviewer");
  const library = demoLibrary();
  const warnings: string[] = [];
  let team: DemoReviewTeam | null = null;
  if (!reviewer) warnings.push(`The demo reviewer account is missing or deactivated, ${DRAFTS_ONLY}`);
  else if (!(await toolsReady(library)))
    warnings.push(`The demo HR tools are not in the tool catalog (is the demo HR server registered?), ${DRAFTS_ONLY}`);
  else team = { author, reviewer };

  const routines: string[] = [];
  for (const entry of library) {
    const { id, name } = await insertDemoRoutine(author.id, entry.draft ?? entry.routine);
    let published: string | null = null;
    if (team) {
      try {
        published = entry.draft
          ? await completeDraftAndPublish(team, id, entry.routine)
          : await approveAndPublish(team, id);
      } catch (error) {
        warnings.push(
          `The demo routine "${name}" was not published: ${error instanceof Error ? error.message : error}`,
        );
      }
    }
    await seedDemoCases(author, id, entry.key);
    if (published) await seedDemoSuite(author, id, published);
    routines.push(published ? entry.routine.name : name);
  }
  return { routines, warnings };
}

/** Whether every demo routine version validates against the tool catalog, as submitting and approving check. */
async function toolsReady(library: DemoLibraryRoutine[]): Promise<boolean> {
  const tools = await registryToolLookup();
  return library
    .flatMap((entry) => (entry.draft ? [entry.draft, entry.routine] : [entry.routine]))
    .every((routine) => blockingIssues(routine, tools).length === 0);
}

/** Writes a routine's first version, a draft owned by `ownerId`, audited as created by the demo seed. */
async function insertDemoRoutine(ownerId: string, routine: Routine): Promise<{ id: string; name: string }> {
  const id = randomUUID();
  const prepared = await prepareNewRoutine(routine, id);
  return prisma.$transaction(async (tx) => {
    const created = await insertRoutine(tx, { id, ownerId, prepared });
    await recordAudit(
      {
        action: "routine.created",
        target: { type: "routine", id },
        detail: { name: created.name, source: "demo seed" },
      },
      tx,
    );
    return { id, name: created.name };
  });
}
