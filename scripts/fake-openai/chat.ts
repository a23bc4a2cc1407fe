import type { ServerResponse } from "node:http";
import { z } from "zod";
import { buildAnswer, type IdSource } from "./answer";
import { chatRequestSchema, messageText } from "./chat-request";
import { sendCompletion, streamAnswer } from "./deliver";
import type { Gates } from "./gates";
import { sendError, wait } from "./http-io";
import type { RecordedRequest } from "./request-log";
import type { ScenarioState } from "./scenario-state";
import type { FakeFault } from "./schemas";

export type ChatContext = { state: ScenarioState; gates: Gates; ids: IdSource; entry: RecordedRequest };

/** Answers `POST /v1/chat/completions` with the first rule that matches the request. */
export async function handleChatCompletion(res: ServerResponse, body: unknown, context: ChatContext): Promise<void> {
  const parsed = chatRequestSchema.safeParse(body);
  if (!parsed.success) {
    const param = parsed.error.issues[0]?.path.join(".") || null;
    return sendError(res, 400, `Invalid request body:\n${z.prettifyError(parsed.error)}`, { param });
  }
  const request = parsed.data;
  const matched = context.state.take(request);
  if (!matched) {
    const last = messageText(request.messages[request.messages.length - 1]).slice(0, 200);
    return sendError(
      res,
      500,
      `fake-openai: no rule matches this request (model "${request.model}"). Last message: ${last}`,
    );
  }
  context.entry.ruleId = matched.ruleId;
  const { rule } = matched;
  const signal = clientGone(res);
  if (!(await wait(rule.delayMs ?? 0, signal))) return;
  if (rule.hold !== undefined) {
    // Logged before waiting, so a test can see the request is being held and then open the gate.
    context.entry.heldBy = rule.hold;
    if (!(await context.gates.wait(rule.hold, signal))) return;
  }

  const fault = rule.fault;
  if (fault?.kind === "http") return sendError(res, fault.status, fault.message, { headers: retryHeaders(fault) });
  // The socket stays open, unanswered, until the client gives up or the server closes.
  if (fault?.kind === "hang") return;

  const answer = buildAnswer(rule.reply, request, context.ids, fault?.kind === "invalid-tool-arguments");
  const meta = { id: context.ids.next("chatcmpl-fake-"), created: Math.floor(Date.now() / 1000), model: request.model };
  const deliveryFault = fault?.kind === "malformed-json" || fault?.kind === "drop" ? fault : undefined;
  if (!request.stream) return sendCompletion(res, answer, meta, deliveryFault);
  await streamAnswer(res, answer, meta, {
    includeUsage: request.stream_options?.include_usage === true,
    chunkDelayMs: rule.chunkDelayMs ?? 0,
    fault: deliveryFault,
    signal,
  });
}

function retryHeaders(fault: Extract<FakeFault, { kind: "http" }>): Record<string, string> {
  if (fault.retryAfterSeconds === undefined) return {};
  return {
    "retry-after": String(Math.ceil(fault.retryAfterSeconds)),
    "retry-after-ms": String(Math.round(fault.retryAfterSeconds * 1000)),
  };
}

/** Aborts when the connection closes before the response was finished (the client gave up or the server closed). */
function clientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
