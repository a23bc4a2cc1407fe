import { readStreamedRunEvent, type StoredRunEvent } from "../stored-events";

export type SseMessage = { id?: string; event?: string; data?: string; comment?: string };

/** Splits SSE text into messages (blank-line separated), keeping comments, for tests of the stream encoders. */
export function parseSseText(text: string): SseMessage[] {
  const messages: SseMessage[] = [];
  for (const block of text.split("\n\n")) {
    if (block.trim() === "") continue;
    const message: SseMessage = {};
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) message.comment = line.slice(1).trim();
      else if (line.startsWith("id: ")) message.id = line.slice(4);
      else if (line.startsWith("event: ")) message.event = line.slice(7);
      else if (line.startsWith("data: "))
        message.data = (message.data === undefined ? "" : `${message.data}\n`) + line.slice(6);
    }
    messages.push(message);
  }
  return messages;
}

/**
 * Reads an SSE body as a client would, message by message; `stopAfter` disconnects (cancels the body) after that
 * many events, as a client that goes away mid-stream. Returns the events received and whether the server ended it.
 */
export async function readRunEvents(
  body: ReadableStream<Uint8Array>,
  options: { stopAfter?: number; onComment?: (comment: string) => void } = {},
): Promise<{ events: StoredRunEvent[]; ended: boolean }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: StoredRunEvent[] = [];
  let buffer = "";
  for (;;) {
    if (options.stopAfter !== undefined && events.length >= options.stopAfter) {
      await reader.cancel();
      return { events, ended: false };
    }
    const { value, done } = await reader.read();
    if (done) return { events, ended: true };
    buffer += decoder.decode(value, { stream: true });
    let boundary = buffer.indexOf("\n\n");
    while (boundary >= 0) {
      const [message] = parseSseText(buffer.slice(0, boundary + 2));
      buffer = buffer.slice(boundary + 2);
      boundary = buffer.indexOf("\n\n");
      if (!message) continue;
      if (message.comment !== undefined) options.onComment?.(message.comment);
      if (message.data === undefined) continue;
      const event = readStreamedRunEvent(JSON.parse(message.data));
      if (!event) throw new Error(`Not a run event: ${message.data}`);
      if (String(event.seq) !== message.id) throw new Error(`id ${message.id} is not the event's seq ${event.seq}`);
      events.push(event);
      if (options.stopAfter !== undefined && events.length >= options.stopAfter) break;
    }
  }
}
