import { describe, expect, it } from "vitest";
import type { OptimizeEvent } from "../contract/contract";
import { readEventStream } from "../contract/event-stream";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

describe("reading the optimize stream", () => {
  it("reads events split anywhere, multi-byte characters included, and skips keep-alive lines", async () => {
    const events: OptimizeEvent[] = [
      { phase: "planning", attempt: 1, percent: 5, message: "Plane die Schritte…" },
      {
        phase: "failed",
        attempt: 1,
        percent: 100,
        code: "not_json",
        message: "Die Antwort ist kein JSON. Nothing was saved.",
      },
    ];
    const bytes = new TextEncoder().encode(`${JSON.stringify(events[0])}\n\n\n${JSON.stringify(events[1])}\n`);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, index) =>
      bytes.slice(index * 7, index * 7 + 7),
    );
    const read: OptimizeEvent[] = [];
    await readEventStream(streamOf(chunks), (event) => read.push(event));
    expect(read).toEqual(events);
  });

  it("reads a last line without a newline, and rejects a line that is not JSON", async () => {
    const read: OptimizeEvent[] = [];
    await readEventStream(
      streamOf([new TextEncoder().encode('{"phase":"planning","attempt":1,"percent":5,"message":"x"}')]),
      (event) => read.push(event),
    );
    expect(read).toHaveLength(1);
    await expect(
      readEventStream(streamOf([new TextEncoder().encode("<html>proxy error</html>\n")]), () => undefined),
    ).rejects.toThrow(SyntaxError);
  });
});
