import { afterEach, describe, expect, it, vi } from "vitest";
import { abortableSleep } from "../backoff";

afterEach(() => {
  vi.useRealTimers();
});

describe("abortableSleep", () => {
  it("resolves once the time has passed", async () => {
    vi.useFakeTimers();
    let done = false;
    const sleeping = abortableSleep(1_000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sleeping;
    expect(done).toBe(true);
  });

  it("rejects with the signal's reason as soon as it aborts, and at once when it already has", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const sleeping = abortableSleep(60_000, controller.signal);
    controller.abort(new Error("cancelled"));
    await expect(sleeping).rejects.toThrow("cancelled");
    expect(vi.getTimerCount()).toBe(0);
    await expect(abortableSleep(10, controller.signal)).rejects.toThrow("cancelled");
  });
});
