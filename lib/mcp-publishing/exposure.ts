import { describeStep, startsChildRun, toolAllowlist, type Routine } from "../routine";
import { toolKey, type SideEffects } from "../tools";
import { inputSchemaOf, type ObjectSchema } from "./input-schema";
import { RUN_RESULT_SCHEMA } from "./run-result";
import { toolNamesFor } from "./tool-names";

/** A published routine as the MCP endpoint reads it: the version that runs, and whether an admin hid it. */
export type PublishedRoutineFacts = {
  routineId: string;
  versionId: string;
  versionNumber: number;
  createdAt: Date;
  routine: Routine;
  hidden: boolean;
};

/** An MCP tool definition (`tools/list`), as the specification shapes it. */
export type McpToolDefinition = {
  name: string;
  title: string;
  description: string;
  inputSchema: ObjectSchema;
  outputSchema: ObjectSchema;
  annotations: {
    title: string;
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
};

/** One published routine on the Integrations page and behind one tool: offered, hidden, or left out and why. */
export type ExposedRoutine = {
  routineId: string;
  versionId: string;
  versionNumber: number;
  routineName: string;
  toolName: string;
  hidden: boolean;
  /** Every tool it calls only reads data (and it starts no other routine). */
  readOnly: boolean;
  /** It may wait for a person: a human step or a tool call that needs approval. */
  waitsForPeople: boolean;
  /** The tool, unless the routine cannot be one (then `excludedReason` says why). */
  tool: McpToolDefinition | null;
  excludedReason: string | null;
};

const describeTool = (routine: Routine, versionNumber: number, waitsForPeople: boolean): string => {
  const parts = [routine.description.trim() || `Runs the routine “${routine.name}”.`];
  if (routine.intents.length)
    parts.push(`Use it for requests like:\n${routine.intents.map((intent) => `- ${intent}`).join("\n")}`);
  parts.push(
    `Runs version ${versionNumber}, the published one, step by step; the result holds the run's outputs and a link to it.` +
      (waitsForPeople
        ? " Some steps wait for a person: the call asks you (elicitation) or returns with the run waiting and what it waits for."
        : ""),
  );
  return parts.join("\n\n");
};

/**
 * Whether the routine only reads: every tool its steps call is read-only by the catalog's verdict (an unknown tool
 * counts as writing), and it starts no other routine, whose tools it cannot vouch for.
 */
function readsOnly(routine: Routine, effects: ReadonlyMap<string, SideEffects>): boolean {
  if (routine.steps.some((step) => startsChildRun(step))) return false;
  return toolAllowlist(routine).every((tool) => effects.get(toolKey(tool)) === "read_only");
}

const waitsForPeopleIn = (routine: Routine): boolean =>
  routine.steps.some((step) => describeStep(step).waitsForPerson(step));

/**
 * The published routines as MCP tools: a stable unique name each (tool-names.ts), the description and intents as
 * the tool's description, the inputs as `inputSchema`, the run's result as `outputSchema`, and hints from the tools
 * it calls (`effects`, keyed "server/tool"). Hidden routines keep their name (so hiding and showing never renames
 * another tool) but are marked; a routine whose inputs cannot become a schema is left out with the reason.
 */
export function exposeRoutines(
  routines: readonly PublishedRoutineFacts[],
  effects: ReadonlyMap<string, SideEffects>,
): ExposedRoutine[] {
  const names = toolNamesFor(
    routines.map((facts) => ({ routineId: facts.routineId, name: facts.routine.name, createdAt: facts.createdAt })),
  );
  return routines
    .map((facts) => {
      const { routine } = facts;
      const toolName = names.get(facts.routineId)!;
      const readOnly = readsOnly(routine, effects);
      const waitsForPeople = waitsForPeopleIn(routine);
      const inputs = inputSchemaOf(routine.inputs);
      const base = {
        routineId: facts.routineId,
        versionId: facts.versionId,
        versionNumber: facts.versionNumber,
        routineName: routine.name,
        toolName,
        hidden: facts.hidden,
        readOnly,
        waitsForPeople,
      };
      if (!inputs.ok) return { ...base, tool: null, excludedReason: inputs.reason };
      const tool: McpToolDefinition = {
        name: toolName,
        title: routine.name,
        description: describeTool(routine, facts.versionNumber, waitsForPeople),
        inputSchema: inputs.schema,
        outputSchema: RUN_RESULT_SCHEMA,
        annotations: {
          title: routine.name,
          readOnlyHint: readOnly,
          destructiveHint: !readOnly,
          idempotentHint: false,
          openWorldHint: false,
        },
      };
      return { ...base, tool, excludedReason: null };
    })
    .sort((a, b) => a.toolName.localeCompare(b.toolName));
}
