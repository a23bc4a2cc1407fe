import type { OptimizeEvent } from "./contract";

/**
 * Reads an NDJSON body line by line and hands each event to `onEvent`, in order. Lines may arrive split across
 * chunks (a multi-byte character too); blank lines are keep-alives. Resolves when the body ends; a line that is not
 * JSON rejects. Pure web streams, so the browser and tests use the same code.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: OptimizeEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  const flush = (final: boolean) => {
    const lines = pending.split("\n");
    pending = final ? "" : (lines.pop() ?? "");
    for (const line of lines) {
      if (line.trim() === "") continue;
      onEvent(JSON.parse(line) as OptimizeEvent);
    }
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pending += decoder.decode(value, { stream: true });
    flush(false);
  }
  pending += decoder.decode();
  flush(true);
}
