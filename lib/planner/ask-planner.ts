import { type ChatRequest, type ChatResult, isLlmError } from "../llm";
import { PlannerError } from "./errors";
import type { PlannerModel } from "./types";

/**
 * One planner model call, with the planner's error vocabulary: a call cancelled before or during the request is
 * `aborted` (with `cancelledMessage`), a model failure `model_error` with the client's reason.
 */
export async function askPlanner(
  llm: PlannerModel,
  request: ChatRequest,
  cancelledMessage: string,
): Promise<ChatResult> {
  const cancelled = () => new PlannerError("aborted", cancelledMessage);
  if (request.signal?.aborted) throw cancelled();
  try {
    return await llm.chat(request);
  } catch (error) {
    if (request.signal?.aborted || (isLlmError(error) && error.code === "aborted")) throw cancelled();
    if (isLlmError(error)) throw new PlannerError("model_error", error.message, { llmCode: error.code });
    throw error;
  }
}
