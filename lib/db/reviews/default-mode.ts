import "server-only";
import { z } from "zod";
import { requireRole, requireUser, type Viewer, WRITER_ROLES } from "../../access";
import { defaultRunMode, type Routine } from "../../routine";
import { recordAudit } from "../audit";
import { ConflictError, NotFoundError, parseInput, prisma, withDbErrors } from "../core";
import {
  prepareRoutine,
  readStoredRoutine,
  routineIdSchema,
  RUN_MODES,
  type RoutineStatus,
  type RunMode,
  toRoutineStatus,
  writeDraftContent,
} from "../routines";
import { createDraft, refuseDraftRace } from "./routine-versions";
import { findWorking } from "./version-records";

// A routine's default run mode is part of its content (routine.defaultMode): changing it changes a draft, which is
// reviewed and published like any other change. Runs read it from the published version.

/** How runs of a routine execute by default: in the version that runs now, and in the working version. */
export type DefaultModes = {
  /** The published version's default (what runs started without a mode do now); null when nothing is published. */
  published: { number: number; mode: RunMode } | null;
  /** The working (newest) version's default, and where that version stands. */
  working: { number: number; status: RoutineStatus; mode: RunMode };
};

/** What a change of the default mode did: which version holds it, and whether that version was started for it. */
export type DefaultModeChange = { number: number; mode: RunMode; changed: boolean; newDraft: boolean };

const defaultModeInput = z.object({
  routineId: routineIdSchema,
  mode: z.enum(RUN_MODES, { error: "Choose workflow or agent." }),
});

/** The default run mode of a routine's published and working versions. Anyone signed in; NotFoundError if unknown. */
export async function getDefaultModes(viewer: Viewer | null, routineId: string): Promise<DefaultModes> {
  requireUser(viewer);
  const id = parseInput(routineIdSchema, routineId);
  return withDbErrors(async () => {
    const routine = await prisma.routine.findUnique({
      where: { id },
      select: {
        publishedVersionId: true,
        versions: { orderBy: { number: "desc" }, take: 1, select: { number: true, status: true, content: true } },
      },
    });
    const working = routine?.versions[0];
    if (!routine || !working) throw new NotFoundError("That routine does not exist.");
    const published = routine.publishedVersionId
      ? await prisma.routineVersion.findUnique({
          where: { id: routine.publishedVersionId },
          select: { number: true, content: true },
        })
      : null;
    return {
      published: published && { number: published.number, mode: defaultRunMode(readStoredRoutine(published.content)) },
      working: {
        number: working.number,
        status: toRoutineStatus(working.status),
        mode: defaultRunMode(readStoredRoutine(working.content)),
      },
    };
  });
}

/**
 * Sets how runs execute when their starter picks no mode, in the routine's content: on the working draft through
 * the save path (conditional on its status and revision; the viewer becomes one of its editors), or, when no draft
 * is open, on a new draft started from the published version (the working version when none is published), as
 * startNewDraft does. Either way it takes effect only once that version is reviewed and published. Authors and
 * admins; ConflictError while the working version is in review or the routine is archived. Audited as
 * "routine.default_mode_set" (with "routine.draft_started" for a new draft). A mode the version already has
 * changes nothing.
 */
export async function setDefaultMode(
  viewer: Viewer | null,
  input: { routineId: string; mode: RunMode },
): Promise<DefaultModeChange> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routineId, mode } = parseInput(defaultModeInput, input);
  return withDbErrors(() =>
    refuseDraftRace(() =>
      prisma.$transaction(async (tx) => {
        const working = await findWorking(tx, routineId);
        const { version, facts } = working;
        if (facts.archived) throw new ConflictError("This routine is archived; restore it from the library first.");
        if (facts.status === "in_review")
          throw new ConflictError(
            `Version ${version.number} is in review; withdraw it to change how it runs, or wait for the decision.`,
          );
        const audit = (target: { number: number; id: string }, from: RunMode) =>
          recordAudit(
            {
              action: "routine.default_mode_set",
              actor: viewer,
              target: { type: "routine", id: routineId },
              detail: { name: version.routine.name, version: target.number, versionId: target.id, from, to: mode },
            },
            tx,
          );
        if (facts.status === "draft") {
          const routine = readStoredRoutine(version.content);
          const from = defaultRunMode(routine);
          if (from === mode) return { number: version.number, mode, changed: false, newDraft: false };
          await writeDraftContent(tx, {
            routineId,
            version,
            baseRevision: version.revision,
            prepared: prepareRoutine(withMode(routine, mode), routineId),
            editorId: viewer.id,
          });
          await audit(version, from);
          return { number: version.number, mode, changed: true, newDraft: false };
        }
        const sourceId = version.routine.publishedVersionId ?? version.id;
        const source = await tx.routineVersion.findUniqueOrThrow({
          where: { id: sourceId },
          select: { content: true },
        });
        const from = defaultRunMode(readStoredRoutine(source.content));
        if (from === mode) return { number: version.number, mode, changed: false, newDraft: false };
        const created = await createDraft(tx, viewer, working, sourceId, (routine) => withMode(routine, mode));
        await audit({ number: created.number, id: created.versionId }, from);
        return { number: created.number, mode, changed: true, newDraft: true };
      }),
    ),
  );
}

/** The routine with `mode` as its default; workflow is stored as no field, so the content stays as it was written. */
function withMode(routine: Routine, mode: RunMode): Routine {
  const { defaultMode: _previous, ...rest } = routine;
  return mode === "workflow" ? rest : { ...rest, defaultMode: mode };
}
