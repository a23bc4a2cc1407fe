import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "../../db/core";
import { DEFAULT_SIGN_IN_LIMITS, SignInThrottle, type SignInLimits } from "../sign-in-throttle";

// The throttle against the real sign_in_failure table (each test file has its own database), on a clock the test
// moves by hand. Every test uses fresh accounts and addresses, so the tests share the table without meeting.

const WINDOW_MS = 60_000;

function makeThrottle(limits: Partial<SignInLimits> = {}) {
  const clock = { now: 1_000_000_000_000 };
  const settings = { perAccount: 3, perAddress: 5, windowMs: WINDOW_MS, ...limits };
  const throttle = new SignInThrottle(settings, () => clock.now);
  return { throttle, clock, settings };
}

const account = () => `${randomUUID()}@example.com`;
const address = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;

/** A wrong password: the attempt is let through, then fails. Returns the throttle's answer. */
async function guess(throttle: SignInThrottle, keys: { account: string; address: string }) {
  const attempt = await throttle.begin(keys);
  if (attempt.allowed) await attempt.failed();
  return attempt;
}

async function guessTimes(throttle: SignInThrottle, keys: { account: string; address: string }, times: number) {
  for (let i = 0; i < times; i++) expect((await guess(throttle, keys)).allowed).toBe(true);
}

describe("SignInThrottle", () => {
  it("lets an account keep trying until it reaches its limit, then refuses for the whole window", async () => {
    const { throttle } = makeThrottle();
    const keys = { account: account(), address: address() };
    await guessTimes(throttle, keys, 3);
    expect(await throttle.begin(keys)).toEqual({ allowed: false, scope: "account", retryAfterMs: WINDOW_MS });
  });

  it("counts the wait down as time passes and frees the account once the window has passed", async () => {
    const { throttle, clock } = makeThrottle();
    const keys = { account: account(), address: address() };
    await guessTimes(throttle, keys, 3);
    clock.now += 20_000;
    expect(await throttle.begin(keys)).toMatchObject({ allowed: false, retryAfterMs: 40_000 });
    clock.now += 40_000;
    expect((await throttle.begin(keys)).allowed).toBe(true);
  });

  it("forgets only the failures that left the window, and refused attempts never count", async () => {
    const { throttle, clock } = makeThrottle();
    const keys = { account: account(), address: address() };
    await guessTimes(throttle, keys, 1);
    clock.now += 30_000;
    await guessTimes(throttle, keys, 2);
    expect(await throttle.begin(keys)).toMatchObject({ allowed: false, retryAfterMs: 30_000 });
    expect(await throttle.begin(keys)).toMatchObject({ allowed: false, retryAfterMs: 30_000 });
    clock.now += 30_000;
    // The first failure left the window; two remain, under the limit of three, and the refusals added nothing.
    await guessTimes(throttle, keys, 1);
    expect(await throttle.begin(keys)).toMatchObject({ allowed: false, retryAfterMs: 30_000 });
  });

  it("counts failures per address over all accounts, so spraying one password over many accounts is stopped", async () => {
    const { throttle } = makeThrottle({ perAddress: 4 });
    const from = address();
    for (let i = 0; i < 4; i++) await guessTimes(throttle, { account: account(), address: from }, 1);
    const next = account();
    expect(await throttle.begin({ account: next, address: from })).toEqual({
      allowed: false,
      scope: "address",
      retryAfterMs: WINDOW_MS,
    });
    // The same account from another address is not held back by the first address's failures.
    expect((await throttle.begin({ account: next, address: address() })).allowed).toBe(true);
  });

  it("holds across instances, as in separate server processes: the failures are in the database", async () => {
    const first = makeThrottle();
    const second = new SignInThrottle(first.settings, () => first.clock.now);
    const keys = { account: account(), address: address() };
    await guessTimes(first.throttle, keys, 2);
    await guessTimes(second, keys, 1);
    expect(await second.begin(keys)).toMatchObject({ allowed: false, scope: "account" });
    expect(await first.throttle.begin(keys)).toMatchObject({ allowed: false, scope: "account" });
    expect(await prisma.signInFailure.count({ where: { scope: "account", key: keys.account } })).toBe(3);
  });

  it("gives a burst of parallel guesses no more tries than the limit", async () => {
    const { throttle } = makeThrottle();
    const keys = { account: account(), address: address() };
    // All ten start before any of them learns its password was wrong, as concurrent requests would.
    const attempts = await Promise.all(Array.from({ length: 10 }, () => throttle.begin(keys)));
    const allowed = attempts.filter((attempt) => attempt.allowed);
    expect(allowed.length).toBeLessThanOrEqual(3);
    await Promise.all(allowed.map((attempt) => attempt.failed()));
    expect((await throttle.begin(keys)).allowed).toBe(allowed.length < 3);
  });

  it("a success forgets the account's failures but keeps the address's, and a withdrawn attempt counts for nothing", async () => {
    const { throttle } = makeThrottle({ perAddress: 4 });
    const keys = { account: account(), address: address() };
    await guessTimes(throttle, keys, 2);
    const good = await throttle.begin(keys);
    if (!good.allowed) throw new Error("The attempt should have been allowed.");
    await good.succeeded();
    expect(await prisma.signInFailure.count({ where: { scope: "account", key: keys.account } })).toBe(0);
    expect(await prisma.signInFailure.count({ where: { scope: "address", key: keys.address } })).toBe(2);

    const withdrawn = await throttle.begin(keys);
    if (!withdrawn.allowed) throw new Error("The attempt should have been allowed.");
    await withdrawn.withdrawn();
    expect(await prisma.signInFailure.count({ where: { key: { in: [keys.account, keys.address] } } })).toBe(2);
  });

  it("prunes failures that left the window, of every key, when it records a new one", async () => {
    const { throttle, clock } = makeThrottle();
    const old = { account: account(), address: address() };
    await guessTimes(throttle, old, 2);
    clock.now += WINDOW_MS + 1;
    await guessTimes(throttle, { account: account(), address: address() }, 1);
    expect(await prisma.signInFailure.count({ where: { key: { in: [old.account, old.address] } } })).toBe(0);
  });

  it("defaults to 10 failures per account and 50 per address in 15 minutes", async () => {
    let now = 2_000_000_000_000;
    const throttle = new SignInThrottle(undefined, () => now);
    expect(DEFAULT_SIGN_IN_LIMITS).toEqual({ perAccount: 10, perAddress: 50, windowMs: 15 * 60 * 1000 });
    const keys = { account: account(), address: address() };
    await guessTimes(throttle, keys, 10);
    expect(await throttle.begin(keys)).toMatchObject({ allowed: false, retryAfterMs: 15 * 60 * 1000 });
    now += 15 * 60 * 1000;
    expect((await throttle.begin(keys)).allowed).toBe(true);
  });
});
