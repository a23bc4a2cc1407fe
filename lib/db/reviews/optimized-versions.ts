import "server-only";
import { randomUUID } from "node:crypto";
import { requireRole, type Viewer, WRITER_ROLES } from "../../access";
import type { Routine } from "../../routine";
import { recordAudit } from "../audit";
import { ConflictError, isUniqueViolation, parseInput, prisma, withDbErrors } from "../core";
import {
  mirrorWorkingVersion,
  pinsForSave,
  prepareNewRoutine,
  prepareRoutine,
  readStoredRoutine,
  recordDerivedEditors,
} from "../routines";
import { type OptimizationProvenance, type OptimizationRationale, saveOptimizedVersionInput } from "./review-inputs";
import type { VersionRef } from "./routine-versions";
import { findWorking } from "./version-records";

const CHANGED_MEANWHILE =
  "The routine changed while the planner worked; nothing was saved. Run the planner again on the current version.";

/**
 * Stores the planner's optimized routine as a new version, straight into review. Authors and admins (whoever ran
 * the planner). In one transaction:
 * - `basedOnVersionId` must still be the working version, at `baseRevision` when given (the revision the planner
 *   read), else ConflictError and nothing is written (someone saved, submitted or started a draft while the model
 *   ran); a working version in review is refused too (only one version is in review at a time: withdraw it
 *   first). A draft base's revision moves on in the same transaction, conditional on its status and revision, so
 *   a save or submit of it that read it before is refused rather than landing beside the new version;
 * - the routine must match the Routine schema (ValidationError); steps without a position are laid out; it keeps
 *   the base's default run mode (the planner does not choose how runs execute);
 * - the new version is numbered after the newest, `in_review` since now, written and optimized by the viewer
 *   (so the four-eyes rule keeps them from approving it; the base's editors too, unless the base was approved),
 *   based on the given version, with the provenance
 *   (model, prompt hash, tokens, repair rounds, the draft the planner was given, its rationale) and tool pins
 *   carried over from the base as any save does;
 * - the routine's name, description and last-edit time follow; audited as "routine.optimized" with the model,
 *   token counts and repair rounds (never the prompt or the draft).
 * Rationale for step ids the routine does not have (steps the repair loop removed) is dropped.
 */
export async function saveOptimizedVersion(
  viewer: Viewer | null,
  input: {
    routineId: string;
    basedOnVersionId: string;
    baseRevision?: number;
    routine: unknown;
    provenance: OptimizationProvenance;
  },
): Promise<VersionRef> {
  requireRole(viewer, ...WRITER_ROLES);
  const { routineId, basedOnVersionId, baseRevision, routine, provenance } = parseInput(
    saveOptimizedVersionInput,
    input,
  );
  const planned = await prepareNewRoutine(routine, routineId);
  const rationale = rationaleFor(planned.routine, provenance.rationale);
  return withDbErrors(async () => {
    try {
      return await prisma.$transaction(async (tx) => {
        const { version: base, facts } = await findWorking(tx, routineId);
        if (facts.archived)
          throw new ConflictError("This routine is archived; restore it from the library first. Nothing was saved.");
        if (base.id !== basedOnVersionId) throw new ConflictError(CHANGED_MEANWHILE);
        if (facts.status === "in_review") {
          throw new ConflictError(
            `Version ${base.number} is in review; withdraw it before saving an optimized version. Nothing was saved.`,
          );
        }
        if (baseRevision !== undefined && base.revision !== baseRevision) throw new ConflictError(CHANGED_MEANWHILE);
        if (facts.status === "draft") {
          const moved = await tx.routineVersion.updateMany({
            where: { id: base.id, status: "draft", revision: base.revision },
            data: { revision: { increment: 1 } },
          });
          if (moved.count === 0) throw new ConflictError(CHANGED_MEANWHILE);
        }
        const { defaultMode } = readStoredRoutine(base.content);
        const prepared = prepareRoutine({ ...planned.routine, defaultMode }, routineId);
        const created = { id: randomUUID(), number: base.number + 1 };
        await tx.routineVersion.create({
          data: {
            ...created,
            routineId,
            status: "in_review",
            submittedAt: new Date(),
            content: prepared.content,
            stepCount: prepared.stepCount,
            basedOnId: base.id,
            authorId: viewer.id,
            optimizedById: viewer.id,
            model: provenance.model,
            promptHash: provenance.promptHash,
            inputTokens: provenance.inputTokens,
            outputTokens: provenance.outputTokens,
            repairCount: provenance.repairCount,
            sourceDraft: provenance.sourceDraft,
            rationale: JSON.stringify(rationale),
            toolHashes: await pinsForSave(tx, prepared.routine, base.toolHashes),
          },
        });
        await recordDerivedEditors(tx, created.id, viewer.id, "optimize", base.id);
        await mirrorWorkingVersion(tx, routineId, prepared.routine);
        await recordAudit(
          {
            action: "routine.optimized",
            actor: viewer,
            target: { type: "routine", id: routineId },
            detail: {
              version: created.number,
              versionId: created.id,
              basedOn: base.number,
              model: provenance.model,
              inputTokens: provenance.inputTokens,
              outputTokens: provenance.outputTokens,
              repairCount: provenance.repairCount,
            },
          },
          tx,
        );
        return { versionId: created.id, number: created.number };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(CHANGED_MEANWHILE);
      throw error;
    }
  });
}

function rationaleFor(routine: Routine, rationale: OptimizationRationale): OptimizationRationale {
  const stepIds = new Set(routine.steps.map((step) => step.id));
  return {
    summary: rationale.summary,
    steps: Object.fromEntries(Object.entries(rationale.steps).filter(([stepId]) => stepIds.has(stepId))),
  };
}
