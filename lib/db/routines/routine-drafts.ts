import "server-only";
import { type Viewer, requireRole, WRITER_ROLES } from "../../access";
import { ConflictError, parseInput, prisma, StaleSaveError, withDbErrors } from "../core";
import { recordAudit } from "../audit";
import type { Prisma } from "../generated/prisma/client";
import { type PreparedRoutine, prepareRoutine, readStoredRoutine } from "./routine-content";
import { acceptToolChangesInput, saveRoutineDraftInput } from "./routine-inputs";
import { findWorkingVersion, mirrorWorkingVersion, pinsForSave } from "./routine-records";
import { recordEditor } from "./version-editors";

/**
 * Saves the editor's routine over the working draft. Authors and admins.
 *
 * The routine must match the Routine schema (a save never stores a malformed routine); structural issues such as
 * unreachable steps are allowed in a draft. `baseRevision` is the revision the editor loaded or last saved: when
 * someone saved since, a StaleSaveError carrying the current revision is thrown and nothing is written; when the
 * version left draft (submitted), even between this save's read and its write, a ConflictError, and nothing is written.
 * Otherwise the draft is stored, its revision goes up by one, and the routine's name, description and
 * last-edit time follow. When the content changed, the viewer is recorded among the version's editors (four-eyes:
 * they may not approve it). Autosaves are not audited.
 */
export async function saveRoutineDraft(
  viewer: Viewer | null,
  input: { routineId: string; baseRevision: number; routine: unknown },
): Promise<{ revision: number }> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routineId, baseRevision, routine } = parseInput(saveRoutineDraftInput, input);
  const prepared = prepareRoutine(routine, routineId);
  return withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const { routine: row, version } = await findWorkingVersion(tx, routineId);
      if (row.archivedAt)
        throw new ConflictError("This routine is archived; restore it from the library before editing it.");
      if (version.status !== "draft") throw notEditable(version);
      return writeDraftContent(tx, { routineId, version, baseRevision, prepared, editorId: viewer.id });
    }),
  );
}

type Tx = Prisma.TransactionClient;

/**
 * Writes `prepared` over a working draft read as `version`, based on `baseRevision`: the save path every content
 * change of a draft takes. The status and the revision are checked in the UPDATE itself, so a submit or another save
 * committed after the caller's read (PostgreSQL reads without locking) makes this write nothing and fail: a
 * ConflictError when the version left draft, a StaleSaveError with the current revision otherwise. Records the
 * editor when the content changed and mirrors name and description. Internal: callers authorize, in their transaction.
 */
export async function writeDraftContent(
  tx: Tx,
  input: {
    routineId: string;
    version: { id: string; number: number; content: string; toolHashes: string };
    baseRevision: number;
    prepared: PreparedRoutine;
    editorId: string;
  },
): Promise<{ revision: number }> {
  const { routineId, version, baseRevision, prepared } = input;
  const { count } = await tx.routineVersion.updateMany({
    where: { id: version.id, status: "draft", revision: baseRevision },
    data: {
      content: prepared.content,
      stepCount: prepared.stepCount,
      revision: { increment: 1 },
      toolHashes: await pinsForSave(tx, prepared.routine, version.toolHashes),
    },
  });
  if (count === 0) throw await refusedWrite(tx, version);
  // A save that stores the same content (an autosave with nothing new) changed nothing anyone must review.
  if (prepared.content !== version.content) await recordEditor(tx, version.id, input.editorId, "save");
  await mirrorWorkingVersion(tx, routineId, prepared.routine);
  return { revision: baseRevision + 1 };
}

const notEditable = (version: { number: number; status: string }) =>
  new ConflictError(`Version ${version.number} is ${version.status.replace("_", " ")} and can no longer be edited.`);

/** Why a conditional write of a draft matched no row, read again now: it left draft, or someone saved first. */
async function refusedWrite(tx: Tx, version: { id: string; number: number }): Promise<Error> {
  const now = await tx.routineVersion.findUnique({
    where: { id: version.id },
    select: { status: true, revision: true },
  });
  if (!now) return new ConflictError("That version no longer exists; reload the routine.");
  if (now.status !== "draft") return notEditable({ number: version.number, status: now.status });
  return new StaleSaveError(now.revision);
}

/**
 * Accepts the current schemas of the tools a draft uses: re-pins them, which clears the "tool changed" flag.
 * Authors and admins, on an editable draft. Only the pins change, not the content, so the revision stays and
 * an editor open on the draft keeps saving (each save re-reads the stored pins). It still changes what the version
 * runs against, so when a pin moved the viewer is recorded among its editors (four-eyes: they may not approve it).
 */
export async function acceptToolChanges(viewer: Viewer | null, input: { routineId: string }): Promise<void> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routineId } = parseInput(acceptToolChangesInput, input);
  await withDbErrors(() =>
    prisma.$transaction(async (tx) => {
      const { routine: row, version } = await findWorkingVersion(tx, routineId);
      if (row.archivedAt || version.status !== "draft")
        throw new ConflictError("Only a draft can accept changed tools; start a new draft first.");
      const toolHashes = await pinsForSave(tx, readStoredRoutine(version.content), version.toolHashes, {
        acceptCurrent: true,
      });
      // Conditional on what was read: a submit or a save landing meanwhile (their pins, their content) wins.
      const { count } = await tx.routineVersion.updateMany({
        where: { id: version.id, status: "draft", revision: version.revision, toolHashes: version.toolHashes },
        data: { toolHashes },
      });
      if (count === 0) {
        const refusal = await refusedWrite(tx, version);
        throw refusal instanceof StaleSaveError
          ? new StaleSaveError(
              refusal.currentRevision,
              "The draft was saved a moment ago; reload it and accept the changed tools again.",
            )
          : refusal;
      }
      if (toolHashes !== version.toolHashes) await recordEditor(tx, version.id, viewer.id, "tool_change");
      await recordAudit(
        {
          action: "routine.tools_accepted",
          actor: viewer,
          target: { type: "routine", id: routineId },
          detail: { version: version.number },
        },
        tx,
      );
    }),
  );
}
