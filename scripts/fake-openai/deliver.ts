import type { ServerResponse } from "node:http";
import type { Answer } from "./answer";
import { chatCompletion, completionChunks, type CompletionMeta } from "./completion";
import { wait } from "./http-io";
import type { FakeFault } from "./schemas";

/** How an answer goes wrong on the way out, if it does; faults that send no answer are handled before this. */
export type DeliveryFault = Extract<FakeFault, { kind: "malformed-json" | "drop" }> | undefined;

/** Sends an answer as one `chat.completion` JSON object, or breaks it as the fault says. */
export function sendCompletion(res: ServerResponse, answer: Answer, meta: CompletionMeta, fault: DeliveryFault): void {
  const text = JSON.stringify(chatCompletion(answer, meta));
  if (fault?.kind === "malformed-json") {
    // A 200 that claims JSON but is cut off, as a misbehaving proxy or gateway sends it.
    const broken = text.slice(0, Math.floor(text.length / 2));
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(broken) });
    res.end(broken);
    return;
  }
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  if (fault?.kind === "drop") {
    // Headers promise the whole body; half of it arrives, then the connection dies.
    res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
    return;
  }
  res.end(text);
}

export type StreamOptions = { includeUsage: boolean; chunkDelayMs: number; fault: DeliveryFault; signal: AbortSignal };

/**
 * Streams an answer as server-sent events (`data: <chunk>\n\n` … `data: [DONE]\n\n`). Faults: malformed-json sends
 * one event whose data is not JSON after the first chunk; drop destroys the socket halfway through the chunks.
 */
export async function streamAnswer(
  res: ServerResponse,
  answer: Answer,
  meta: CompletionMeta,
  options: StreamOptions,
): Promise<void> {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
  });
  res.flushHeaders();
  const events = completionChunks(answer, meta, options.includeUsage).map((chunk) => JSON.stringify(chunk));
  if (options.fault?.kind === "malformed-json")
    events.splice(1, events.length - 1, events[1].slice(0, Math.floor(events[1].length / 2)));
  const dropAt = options.fault?.kind === "drop" ? Math.max(1, Math.floor(events.length / 2)) : Infinity;
  for (const [index, data] of events.entries()) {
    if (index > 0 && !(await wait(options.chunkDelayMs, options.signal))) return;
    if (options.signal.aborted) return;
    if (index === dropAt) {
      res.destroy();
      return;
    }
    // Waiting for each write to be flushed makes a drop land after the earlier chunks reached the client.
    await new Promise((resolve) => res.write(`data: ${data}\n\n`, resolve));
  }
  res.end("data: [DONE]\n\n");
}
