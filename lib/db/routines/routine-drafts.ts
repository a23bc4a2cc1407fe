import "server-only";
import { type Viewer, requireRole, WRITER_ROLES } from "../../access";
import { ConflictError, parseInput, prisma, StaleSaveError, withDbErrors } from "../core";
import { recordAudit } from "../audit";
import { prepareRoutine, readStoredRoutine } from "./routine-content";
import { acceptToolChangesInput, saveRoutineDraftInput } from "./routine-inputs";
import { findWorkingVersion, mirrorWorkingVersion, pinsForSave } from "./routine-records";
import { recordEditor } from "./version-editors";

/**
 * Saves the editor's routine over the working draft. Authors and admins.
 *
 * The routine must match the Routine schema (a save never stores a malformed routine); structural issues such as
 * unreachable steps are allowed in a draft. `baseRevision` is the revision the editor loaded or last saved: when
 * someone saved since, a StaleSaveError carrying the current revision is thrown and nothing is written.
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
      if (version.status !== "draft") {
        throw new ConflictError(
          `Version ${version.number} is ${version.status.replace("_", " ")} and can no longer be edited.`,
        );
      }
      // The revision check and the write are one statement, so two saves based on the same revision cannot both land.
      const { count } = await tx.routineVersion.updateMany({
        where: { id: version.id, revision: baseRevision },
        data: {
          content: prepared.content,
          stepCount: prepared.stepCount,
          revision: { increment: 1 },
          toolHashes: await pinsForSave(tx, prepared.routine, version.toolHashes),
        },
      });
      if (count === 0) throw new StaleSaveError(version.revision);
      // A save that stores the same content (an autosave with nothing new) changed nothing anyone must review.
      if (prepared.content !== version.content) await recordEditor(tx, version.id, viewer.id, "save");
      await mirrorWorkingVersion(tx, routineId, prepared.routine);
      return { revision: baseRevision + 1 };
    }),
  );
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
      await tx.routineVersion.update({ where: { id: version.id }, data: { toolHashes } });
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
