import { randomUUID } from "node:crypto";
import { signInAs, signOutAll, signedIn } from "../../../test/request-context";
import type { Role } from "../../access";
import type { Routine } from "../../routine";
import { routineContentHash } from "../../crypto";
import { prisma } from "../core";
import { readStoredRoutine } from "../routines";
import { DEMO_USERS } from "../../demo/seed";
import type { OptimizationProvenance } from "../reviews";
import { createUser } from "../users";
import { makeRoutine, makeStep } from "./routine-factories";

export type Who = "anonymous" | "author" | "reviewer" | "operator" | "admin";

/** Signs in as the demo user holding `who`'s role (or signs out). */
export async function as(who: Who): Promise<void> {
  if (who === "anonymous") return signOutAll();
  const user = DEMO_USERS.find((candidate) => candidate.roles.includes(who))!;
  await signInAs(user.email, user.password);
}

export const demoUserId = async (who: Exclude<Who, "anonymous">) =>
  (await prisma.user.findUniqueOrThrow({ where: { email: `${who}@example.com` }, select: { id: true } })).id;

let people = 0;

/** Creates a user holding several roles (as the demo admin) and returns a function that signs in as them. */
export async function personWith(roles: Role[]): Promise<{ id: string; signIn: () => Promise<void> }> {
  await as("admin");
  const email = `person-${++people}-${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = "two-roles-pass-123";
  const { userId } = await createUser(signedIn(), { name: `Person ${people}`, email, roles, password });
  return { id: userId, signIn: () => signInAs(email, password) };
}

/** Everything the review lifecycle writes, to prove a refusal wrote none of it. */
export async function lifecycleState() {
  return {
    routines: await prisma.routine.findMany({ orderBy: { id: "asc" } }),
    versions: await prisma.routineVersion.findMany({ orderBy: { id: "asc" } }),
    reviews: await prisma.review.findMany({ orderBy: { id: "asc" } }),
    comments: await prisma.reviewComment.findMany({ orderBy: { id: "asc" } }),
    publications: await prisma.routinePublication.findMany({ orderBy: { id: "asc" } }),
    audit: await prisma.auditLog.count(),
  };
}

/** A routine the planner might return: two skill steps without positions, so saving lays them out. */
export function optimizedRoutine(overrides: Partial<Routine> = {}): Routine {
  return makeRoutine({
    name: "Summarize a ticket (optimized)",
    steps: [
      makeStep({ id: "read", name: "Read the ticket", outputs: [{ name: "facts", description: "" }] }),
      makeStep({
        id: "summarize",
        name: "Summarize",
        inputs: { facts: { from: "step", stepId: "read", path: "facts" } },
      }),
      { id: "done", kind: "end", name: "Done", description: "" },
    ],
    edges: [
      { id: "e1", source: "read", target: "summarize" },
      { id: "e2", source: "summarize", target: "done" },
    ],
    ...overrides,
  });
}

export function provenance(overrides: Partial<OptimizationProvenance> = {}): OptimizationProvenance {
  return {
    model: "gpt-test-planner",
    promptHash: "sha256:abc123",
    inputTokens: 1200,
    outputTokens: 340,
    repairCount: 1,
    sourceDraft: "Step 1. Summarize the ticket;",
    rationale: {
      summary: "Split reading from summarizing.",
      steps: { read: "Facts first.", gone: "A step the repair loop removed." },
    },
    ...overrides,
  };
}

/**
 * Writes a routine with one version in `status` straight to the database, written by `authorId`: a fixture for
 * tests that must not go through the functions under test.
 */
export async function versionFixture(
  status: string,
  authorId: string,
): Promise<{ routineId: string; versionId: string }> {
  const routineId = randomUUID();
  const versionId = randomUUID();
  const routine = makeRoutine({ id: routineId, name: `Fixture ${routineId.slice(0, 6)}` });
  await prisma.routine.create({ data: { id: routineId, name: routine.name, ownerId: authorId } });
  await prisma.routineVersion.create({
    data: {
      id: versionId,
      routineId,
      number: 1,
      status,
      content: JSON.stringify(routine),
      stepCount: routine.steps.length,
      authorId,
      submittedAt: status === "in_review" ? new Date() : null,
    },
  });
  return { routineId, versionId };
}

export const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/**
 * The content hash of a version as its review page shows it now (getVersionReview's `contentHash`): what a
 * reviewer's decision or a publication carries.
 */
export async function contentHashOf(versionId: string): Promise<string> {
  const { content } = await prisma.routineVersion.findUniqueOrThrow({
    where: { id: versionId },
    select: { content: true },
  });
  return routineContentHash(readStoredRoutine(content));
}
