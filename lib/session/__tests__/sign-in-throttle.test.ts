import { describe, expect, it } from "vitest";
import { SignInThrottle } from "../sign-in-throttle";

const WINDOW_MS = 60_000;

/** A throttle allowing 3 failures a minute, on a clock the test moves by hand. */
function makeThrottle(maxFailures = 3) {
  const clock = { now: 1_000_000 };
  const throttle = new SignInThrottle(maxFailures, WINDOW_MS, () => clock.now);
  const fail = (key: string, times = 1) => {
    for (let i = 0; i < times; i++) throttle.recordFailure(key);
  };
  return { throttle, clock, fail };
}

describe("SignInThrottle", () => {
  it("lets an email keep trying until it reaches the failure limit", () => {
    const { throttle, fail } = makeThrottle();
    expect(throttle.retryAfterMs("ada@example.com")).toBe(0);
    fail("ada@example.com", 2);
    expect(throttle.retryAfterMs("ada@example.com")).toBe(0);
  });

  it("refuses once the limit is reached, for as long as the oldest failure is in the window", () => {
    const { throttle, fail } = makeThrottle();
    fail("ada@example.com", 3);
    expect(throttle.retryAfterMs("ada@example.com")).toBe(WINDOW_MS);
  });

  it("counts the wait down as time passes", () => {
    const { throttle, clock, fail } = makeThrottle();
    fail("ada@example.com", 3);
    clock.now += 20_000;
    expect(throttle.retryAfterMs("ada@example.com")).toBe(40_000);
    clock.now += 39_999;
    expect(throttle.retryAfterMs("ada@example.com")).toBe(1);
  });

  it("frees the email once the window has passed", () => {
    const { throttle, clock, fail } = makeThrottle();
    fail("ada@example.com", 3);
    clock.now += WINDOW_MS;
    expect(throttle.retryAfterMs("ada@example.com")).toBe(0);
  });

  it("forgets only the failures that left the window", () => {
    const { throttle, clock, fail } = makeThrottle();
    fail("ada@example.com");
    clock.now += 30_000;
    fail("ada@example.com", 2);
    expect(throttle.retryAfterMs("ada@example.com")).toBe(30_000);
    clock.now += 30_000;
    // The first failure expired; two remain, under the limit of three.
    expect(throttle.retryAfterMs("ada@example.com")).toBe(0);
    fail("ada@example.com");
    expect(throttle.retryAfterMs("ada@example.com")).toBe(30_000);
  });

  it("reset() clears an email's failures, as after a successful sign-in", () => {
    const { throttle, fail } = makeThrottle();
    fail("ada@example.com", 3);
    throttle.reset("ada@example.com");
    expect(throttle.retryAfterMs("ada@example.com")).toBe(0);
    fail("ada@example.com", 2);
    expect(throttle.retryAfterMs("ada@example.com")).toBe(0);
  });

  it("keeps each email's failures apart", () => {
    const { throttle, fail } = makeThrottle();
    fail("ada@example.com", 3);
    fail("alan@example.com", 2);
    expect(throttle.retryAfterMs("ada@example.com")).toBeGreaterThan(0);
    expect(throttle.retryAfterMs("alan@example.com")).toBe(0);
    throttle.reset("alan@example.com");
    expect(throttle.retryAfterMs("ada@example.com")).toBeGreaterThan(0);
  });

  it("defaults to 10 failures in 15 minutes", () => {
    let now = 0;
    const throttle = new SignInThrottle(undefined, undefined, () => now);
    for (let i = 0; i < 9; i++) throttle.recordFailure("ada@example.com");
    expect(throttle.retryAfterMs("ada@example.com")).toBe(0);
    throttle.recordFailure("ada@example.com");
    expect(throttle.retryAfterMs("ada@example.com")).toBe(15 * 60 * 1000);
    now += 15 * 60 * 1000;
    expect(throttle.retryAfterMs("ada@example.com")).toBe(0);
  });
});
