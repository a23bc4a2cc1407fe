import "server-only";
import { z } from "zod";
import { requireRole, WRITER_ROLES, type Viewer } from "../../access";
import { NotFoundError, parseInput, prisma, ValidationError, withDbErrors } from "../../db/core";
import { insertCaseFromRun, type TestCaseRow } from "../../db/evals";
import { describeUnreadableEvents, partitionStoredEvents } from "../../events";
import type { JsonValue } from "../../routine";
import { canViewRun, RUN_NOT_FOUND } from "../../runs/operations";
import { storedRunEvent } from "../../runs/store";
import { caseFromRun, caseNameSchema, type TestCaseContent } from "../scoring";

const saveRunInput = z.object({ runId: z.string().trim().min(1, "Missing the run.").max(100), name: caseNameSchema });

/**
 * Records a good run as a test case of its routine ("save as test case"): its request (or its inputs as text), its
 * inputs, its calls in order with the values it used, each call's output pinned (long outputs in full, from variable
 * memory) and its branch path. Authors and admins who may see the run; only a run that succeeded, with every event
 * readable. The case's source is "run" and it links back to the run. NotFoundError for a run the viewer may not see.
 */
export async function saveRunAsTestCase(viewer: Viewer | null, runId: string, name: string): Promise<TestCaseRow> {
  requireRole(viewer, ...WRITER_ROLES);
  const input = parseInput(saveRunInput, { runId, name });
  if (!(await canViewRun(viewer, input.runId))) throw new NotFoundError(RUN_NOT_FOUND);
  const run = await withDbErrors(() =>
    prisma.run.findUnique({
      where: { id: input.runId },
      select: {
        routineId: true,
        routineName: true,
        status: true,
        request: true,
        inputs: true,
        events: { orderBy: { seq: "asc" }, select: { seq: true, type: true, payload: true, at: true } },
        variables: { select: { key: true, value: true } },
      },
    }),
  );
  if (!run) throw new NotFoundError(RUN_NOT_FOUND);
  const { routineId } = run;
  if (routineId === null)
    throw new ValidationError(
      "A planned run follows no routine, so it cannot become a test case; save it as a routine draft first.",
    );
  if (run.status !== "succeeded") {
    throw new ValidationError(
      `Only a run that succeeded can become a test case; this one is ${run.status}. A case records what a correct run does.`,
    );
  }
  const inputs = readJson(run.inputs, {});
  const record = typeof inputs === "object" && inputs !== null && !Array.isArray(inputs) ? inputs : {};
  const variables = new Map(run.variables.map((variable) => [variable.key, readJson(variable.value, null)]));
  const { events, unreadable } = partitionStoredEvents(run.events.map((row) => storedRunEvent(input.runId, row)));
  // A case made from part of a run would expect fewer calls than the run made.
  if (unreadable.length > 0)
    throw new ValidationError(`${describeUnreadableEvents(unreadable)}. A case cannot be made from this run.`);
  const content = recorded(() =>
    caseFromRun({
      name: input.name,
      request: run.request?.trim() ? run.request : requestFromInputs(run.routineName, record),
      inputs: record,
      events,
      resolveVariable: (key) => variables.get(key),
    }),
  );
  return insertCaseFromRun(viewer, { routineId, runId: input.runId, content });
}

function readJson(text: string | null, fallback: JsonValue): JsonValue {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}

/** The request a case sends for a run started from a form (no request text): the routine and its inputs. */
function requestFromInputs(routineName: string, inputs: Record<string, JsonValue>): string {
  const entries = Object.entries(inputs);
  if (entries.length === 0) return `Run "${routineName}".`;
  const lines = entries.map(([name, value]) => `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  return `Run "${routineName}" with\n${lines.join("\n")}`;
}

/** The case a run records, or a ValidationError saying why the run does not fit the case format. */
function recorded(build: () => TestCaseContent): TestCaseContent {
  try {
    return build();
  } catch (error) {
    if (error instanceof z.ZodError) {
      const issue = error.issues[0];
      const detail = issue ? `${issue.path.join(".") || "case"}: ${issue.message}` : "";
      throw new ValidationError(`This run does not fit a test case (${detail}).`, z.flattenError(error).fieldErrors);
    }
    throw error;
  }
}
