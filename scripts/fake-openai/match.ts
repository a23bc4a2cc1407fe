import { messageText, type ChatRequest } from "./chat-request";
import type { FakeMatch } from "./schemas";

/** Whether a request meets every condition given in `match` (an absent or empty match meets all requests). */
export function ruleMatches(match: FakeMatch | undefined, request: ChatRequest): boolean {
  if (!match) return true;
  const last = request.messages[request.messages.length - 1];
  if (match.lastMessageIncludes !== undefined && !messageText(last).includes(match.lastMessageIncludes)) return false;
  if (match.anyMessageIncludes !== undefined) {
    const needle = match.anyMessageIncludes;
    if (!request.messages.some((message) => messageText(message).includes(needle))) return false;
  }
  if (match.lastRole !== undefined && last.role !== match.lastRole) return false;
  if (match.model !== undefined && request.model !== match.model) return false;
  if (match.hasTools !== undefined && (request.tools?.length ?? 0) > 0 !== match.hasTools) return false;
  if (match.responseFormat !== undefined && (request.response_format?.type ?? "text") !== match.responseFormat)
    return false;
  if (match.toolResultIncludes !== undefined) {
    const needle = match.toolResultIncludes;
    if (!request.messages.some((message) => message.role === "tool" && messageText(message).includes(needle)))
      return false;
  }
  return true;
}
