import { afterEach, describe, expect, it, vi } from "vitest";
import type { RunEvent } from "../run-events";
import { createRunStatusStream } from "../status-stream";
import { parseSseText } from "../testing/sse-reader";

const started = (runId: string, seq = 2) =>
  ({ runId, seq, at: "2026-11-01T00:00:00.000Z", type: "run.started", data: { resumed: false } }) as RunEvent;

function open(mayView: (runId: string) => Promise<boolean>) {
  const listeners = new Set<(events: RunEvent[]) => void>();
  const abort = new AbortController();
  const onClose = vi.fn();
  const body = createRunStatusStream({
    subscribeAll: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    mayView,
    signal: abort.signal,
    limits: { keepAliveMs: 15_000 },
    onClose,
  });
  const publish = (events: RunEvent[]) => listeners.forEach((listener) => listener(events));
  return { body, abort, onClose, listeners, publish };
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
}

afterEach(() => vi.useRealTimers());

describe("the runs status stream", () => {
  it("opens with a retry hint, keeps alive, sends visible statuses, and stops at once when the client goes away", async () => {
    vi.useFakeTimers();
    const { body, abort, onClose, listeners, publish } = open(async (runId) => runId === "mine");
    const reading = readAll(body);
    publish([started("theirs"), started("mine")]);
    await vi.advanceTimersByTimeAsync(15_000);
    abort.abort();
    const messages = parseSseText(await reading);
    expect(messages.map((message) => message.comment ?? message.event ?? "retry")).toEqual([
      "retry",
      "status",
      "keep-alive",
    ]);
    expect(JSON.parse(messages[1]!.data!)).toMatchObject({ runId: "mine", status: "running" });
    expect(listeners.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("ends (without an error) and stops listening when the visibility check fails", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { body, onClose, listeners, publish } = open(async () => {
      throw new Error("database is locked");
    });
    const reading = readAll(body);
    publish([started("mine")]);
    expect(await reading).toBe("retry: 2000\n\n");
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(listeners.size).toBe(0);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});
