import { diffRoutines } from "../graph";
import { isLlmError, type LlmCallContext, type TokenCounter } from "../llm";
import { parseRoutineText, type Routine, type ToolDefinition } from "../routine";
import { reviewUrl, type OptimizeEvent, type OptimizeRefusalBody, type OptimizeRequest } from "./contract/contract";
import { isPlannerError } from "./errors";
import { optimizeDraft } from "./optimize-draft";
import type { OptimizeResult, PlannerBudget, PlannerDraft, PlannerModel, PlannerRationale } from "./types";

/** The routine's working version, as the optimize request is checked against it. */
export type WorkingVersion = {
  routine: Routine;
  versionId: string;
  versionNumber: number;
  revision: number;
  status: string;
  archived: boolean;
};

/** What the optimization needs from the app: the DAL and the model settings, injected so this stays testable. */
export type OptimizationDeps = {
  loadWorking(routineId: string): Promise<WorkingVersion>;
  listTools(): Promise<ToolDefinition[]>;
  /** The planner's model client; throws an LlmError with code not_configured when no planner model is set. */
  plannerModel(context: LlmCallContext): Promise<PlannerModel>;
  save(input: {
    routineId: string;
    basedOnVersionId: string;
    /** The revision the planner read: a save of the base while the model ran refuses the planner's version. */
    baseRevision: number;
    routine: Routine;
    provenance: {
      model: string;
      promptHash: string;
      inputTokens: number;
      outputTokens: number;
      repairCount: number;
      sourceDraft: string;
      rationale: PlannerRationale;
    };
  }): Promise<{ versionId: string; number: number }>;
  /** The author-facing message for an error the DAL threw while saving, and whether it was a conflict. */
  describeError(error: unknown): { message: string; conflict: boolean };
  maxRepairs?: number;
  budget?: PlannerBudget;
  countTokens?: TokenCounter;
};

export type OptimizationStart =
  | { ok: true; run(emit: (event: OptimizeEvent) => void, signal: AbortSignal): Promise<void> }
  | { ok: false; status: 409 | 503; body: OptimizeRefusalBody };

const NOTHING_SAVED = "Nothing was saved.";

/**
 * Checks an optimize request against the routine's working version and the model settings, before anything is
 * streamed: a refusal (the page shows an older version, a version in review, no planner model) is answered at
 * once. Otherwise returns `run`, which streams progress events, plans, and saves the routine as a new version in
 * review; it ends with exactly one `done` or `failed` event and never throws. Authorization is the caller's (the
 * route) and the DAL's.
 */
export async function startOptimization(
  input: { routineId: string; userId: string; request: OptimizeRequest },
  deps: OptimizationDeps,
): Promise<OptimizationStart> {
  const { routineId, userId, request } = input;
  const working = await deps.loadWorking(routineId);
  const refusal = refuse(working, request);
  if (refusal) return { ok: false, status: 409, body: { error: refusal, code: "conflict" } };
  let llm: PlannerModel;
  try {
    llm = await deps.plannerModel({ userId, routineId, versionId: working.versionId });
  } catch (error) {
    if (isLlmError(error) && error.code === "not_configured")
      return { ok: false, status: 503, body: { error: error.message, code: "not_configured" } };
    throw error;
  }
  const tools = await deps.listTools();
  const draft = requestDraft(request, working.routine);
  return {
    ok: true,
    run: (emit, signal) => runOptimization({ routineId, userId, working, draft, tools, llm }, deps, emit, signal),
  };
}

function refuse(working: WorkingVersion, request: OptimizeRequest): string | undefined {
  if (working.archived) return "This routine is archived; restore it from the library before optimizing it.";
  if (working.versionId !== request.basedOnVersionId)
    return "This routine has a newer version than the one on this page. Reload the page, then optimize again.";
  if (working.status === "in_review")
    return `Version ${working.versionNumber} is in review; withdraw it before optimizing.`;
  if (request.baseRevision !== undefined && request.baseRevision !== working.revision) {
    return "The routine was saved again since this page read it. Wait until all changes are saved, then optimize again.";
  }
  return undefined;
}

/** The canvas is the working version as last saved; pasted text is read as paper text when it parses as such. */
function requestDraft(request: OptimizeRequest, routine: Routine): PlannerDraft {
  if (request.source === "canvas") return { kind: "canvas", routine };
  const text = request.text ?? "";
  const paper = parseRoutineText(text);
  return paper.ok && paper.routine.steps.length > 0 ? { kind: "paper", text } : { kind: "text", text };
}

type Prepared = {
  routineId: string;
  userId: string;
  working: WorkingVersion;
  draft: PlannerDraft;
  tools: ToolDefinition[];
  llm: PlannerModel;
};

async function runOptimization(
  prepared: Prepared,
  deps: OptimizationDeps,
  emit: (event: OptimizeEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  const { routineId, userId, working, draft, tools, llm } = prepared;
  let attempt = 1;
  const fail = (
    code: Extract<OptimizeEvent, { phase: "failed" }>["code"],
    message: string,
    issues?: Extract<OptimizeEvent, { phase: "failed" }>["issues"],
  ) =>
    emit({
      phase: "failed",
      attempt,
      percent: 100,
      code,
      message: withNothingSaved(message),
      ...(issues?.length ? { issues } : {}),
    });

  let result: OptimizeResult;
  try {
    result = await optimizeDraft({
      draft,
      tools,
      llm,
      maxRepairs: deps.maxRepairs,
      budget: deps.budget,
      signal,
      routineId,
      context: { userId, routineId, versionId: working.versionId },
      countTokens: deps.countTokens,
      onProgress: (progress) => {
        attempt = progress.attempt;
        if (progress.phase === "planning" || progress.phase === "validating" || progress.phase === "repairing")
          emit({ ...progress, phase: progress.phase });
      },
    });
  } catch (error) {
    if (isPlannerError(error)) return fail(error.code, error.message, error.issues);
    console.error("[planner] unexpected failure", error);
    return fail("unexpected", "Something went wrong on our side while planning.");
  }
  // Cancelled while the last answer was checked: the author left, so nothing goes into review behind their back.
  if (signal.aborted) return fail("aborted", "The optimization was cancelled.");

  emit({ phase: "saving", attempt, percent: 92, message: "Saving the routine as a new version in review…" });
  try {
    const saved = await deps.save({
      routineId,
      basedOnVersionId: working.versionId,
      baseRevision: working.revision,
      routine: result.routine,
      provenance: {
        model: result.model || llm.model || "unknown",
        promptHash: result.promptHash,
        inputTokens: result.usage.inputTokens,
        outputTokens: result.usage.outputTokens,
        repairCount: result.repairCount,
        sourceDraft: result.sourceDraft,
        rationale: changedStepsOnly(result.rationale, working.routine, result.routine),
      },
    });
    emit({
      phase: "done",
      attempt,
      percent: 100,
      message: `Saved as version ${saved.number}, in review.`,
      versionId: saved.versionId,
      versionNumber: saved.number,
      reviewUrl: reviewUrl(routineId, saved.number),
      repairCount: result.repairCount,
      model: result.model,
      usage: result.usage,
      warnings: result.warnings,
    });
  } catch (error) {
    const { message, conflict } = deps.describeError(error);
    fail(conflict ? "conflict" : "unexpected", message);
  }
}

/** "Explain changes" covers what changed: reasons for steps identical to the base version's are dropped. */
function changedStepsOnly(rationale: PlannerRationale, base: Routine, optimized: Routine): PlannerRationale {
  const diff = diffRoutines(base, optimized);
  const changed = new Set([
    ...diff.steps.added.map((step) => step.id),
    ...diff.steps.changed.map((item) => item.after.id),
  ]);
  return {
    summary: rationale.summary,
    steps: Object.fromEntries(Object.entries(rationale.steps).filter(([id]) => changed.has(id))),
  };
}

function withNothingSaved(message: string): string {
  return /nothing was (saved|changed|sent)/i.test(message) ? message : `${message} ${NOTHING_SAVED}`;
}
