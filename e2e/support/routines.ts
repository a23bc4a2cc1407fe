import { dal } from "./dal";
import type { DemoRole } from "./demo-users";

/** Creates a routine from an expert's paper text, as the library's "Paste text" does; returns its id. */
export async function createPaperRoutine(name: string, text: string, owner: DemoRole = "author"): Promise<string> {
  return (await dal(owner, "createRoutine", { name, source: { kind: "text", text } })).routineId;
}

/** Creates a routine from its JSON, as the library's "Import JSON" does; returns its id. */
export async function createJsonRoutine(routine: { name: string }, owner: DemoRole = "author"): Promise<string> {
  return (
    await dal(owner, "createRoutine", { name: routine.name, source: { kind: "json", text: JSON.stringify(routine) } })
  ).routineId;
}

/**
 * Takes the routine's working version through review to published: `submitter` submits it, the demo reviewer
 * approves and publishes it (what the review screen's buttons do). Returns the published version.
 */
export async function publishWorkingVersion(
  routineId: string,
  submitter: DemoRole = "author",
): Promise<{ versionId: string; number: number }> {
  const version = await dal(submitter, "submitForReview", { routineId });
  // The content as the reviewer's page shows it: the decision and the publication carry its hash.
  const { contentHash } = await dal("reviewer", "workingVersion", { routineId });
  await dal("reviewer", "decideReview", { versionId: version.versionId, contentHash, decision: "approve" });
  await dal("reviewer", "publishVersion", { versionId: version.versionId, contentHash });
  return version;
}

/** A routine created from `routine` (JSON) by `owner`, with version 1 reviewed and published. Returns its id. */
export async function publishRoutine(routine: { name: string }, owner: DemoRole = "author"): Promise<string> {
  const routineId = await createJsonRoutine(routine, owner);
  await publishWorkingVersion(routineId, owner);
  return routineId;
}
