import { countToolTokens, type ChatMessage, type ToolSpec } from "../../llm";
import { agentContext, messageTokens } from "./agent-context";
import { condenseValues } from "./context-compressor";
import type { ContextMode } from "../../context-modes";
import { contextSettingsOf, variableValues } from "./executor-prompt";
import type { StepSession } from "./step-execution";

/** What an agent turn's prompt carried, beside what the full history would have: recorded on its agent.turn event. */
export type ContextStats = { contextMode: ContextMode; contextTokens: number; fullContextTokens: number };

const CONDENSED_NOTE = "(condensed under Earlier results in the system prompt)";

/**
 * The messages of one agent turn in the run's context mode, with their token figures. In compressed mode the
 * shortened results go to the compressor; its rewrite joins the system prompt and their messages point to it. A
 * compressor that is missing, fails or is refused leaves the turn plan-aware, with a context.compressed event
 * saying why (once per distinct reason in this session, so a long run does not repeat the same notice every turn).
 */
export async function agentTurnContext(
  session: StepSession,
  messages: ChatMessage[],
  callRuns: ReadonlyMap<string, string>,
  /** The tools the turn offers: the same in every mode (the agent picks each call), counted in both figures. */
  tools: readonly ToolSpec[],
): Promise<{ messages: ChatMessage[]; stats: ContextStats }> {
  const snapshot = session.writer.snapshot;
  const noticed = noticesOf(session);
  const settings = contextSettingsOf(snapshot, session.options);
  const countTokens = await session.tokenCounter();
  const system = messages[0]?.role === "system" ? (messages[0].content ?? "") : "";
  const built = agentContext({
    mode: settings.mode,
    system,
    messages,
    callRuns,
    snapshot,
    index: session.index,
    lookahead: settings.lookahead,
    variables: await variableValues(session),
  });
  const toolTokens = countToolTokens(countTokens, tools);
  const fullContextTokens = messageTokens(built.full, countTokens) + toolTokens;
  let sent = built.messages;
  let mode: ContextMode = settings.mode === "full" ? "full" : "plan-aware";
  if (settings.mode === "compressed") {
    const condensed = await condenseValues({
      port: session.compressor,
      valuesText: built.shortened,
      // The results the coming steps need stay whole in their own messages: nothing here must survive word for word.
      facts: [],
      budgetTokens: settings.compressTokens,
      countTokens,
      signal: session.signal,
      context: { runId: snapshot.id, routineId: snapshot.routineId, versionId: snapshot.versionId },
    });
    const { inputTokens, outputTokens } = condensed.usage;
    const beforeTokens = countTokens(built.shortened);
    if (condensed.text !== null) {
      mode = "compressed";
      sent = sent.map((message, at) =>
        at === 0
          ? { role: "system", content: `${system}\n\n## Earlier results (condensed)\n${condensed.text}` }
          : message.role === "tool" && message.content?.endsWith("(shortened: the next steps do not need it whole)")
            ? { ...message, content: CONDENSED_NOTE }
            : message,
      );
    }
    const refused = condensed.text === null && condensed.reason !== undefined;
    if ((inputTokens > 0 || outputTokens > 0 || refused) && !(refused && noticed.has(condensed.reason!))) {
      if (refused) noticed.add(condensed.reason!);
      await session.writer.commit(
        {
          run: {
            inputTokens: snapshot.inputTokens + inputTokens,
            outputTokens: snapshot.outputTokens + outputTokens,
          },
        },
        [
          {
            type: "context.compressed",
            data: refused
              ? {
                  accepted: false,
                  reason: `${condensed.reason}; the turn stays plan-aware.`,
                  beforeTokens,
                  inputTokens,
                  outputTokens,
                }
              : { accepted: true, beforeTokens, afterTokens: countTokens(condensed.text!), inputTokens, outputTokens },
          },
        ],
      );
    }
  }
  return {
    messages: sent,
    stats: { contextMode: mode, contextTokens: messageTokens(sent, countTokens) + toolTokens, fullContextTokens },
  };
}

const notices = new WeakMap<StepSession, Set<string>>();
function noticesOf(session: StepSession): Set<string> {
  let set = notices.get(session);
  if (!set) notices.set(session, (set = new Set()));
  return set;
}
