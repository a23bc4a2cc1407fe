import { randomUUID } from "node:crypto";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/core";
import { addSignInFailures, createUser } from "@/lib/db/users";
import { seedDatabase } from "@/lib/demo/seed";
import { as } from "@/lib/db/testing/review-test-support";
import type { Viewer } from "@/lib/access";
import { formData, request, signedIn } from "@/test/request-context";
import { signInAction } from "../actions";

// The sign-in form's server action as the page calls it: the request's headers are what next/headers returns.
vi.mock("next/headers", async () => (await import("@/test/request-context")).nextHeadersMock);

const idle = { status: "idle" } as const;

let admin: Viewer | null;

/** A user of its own per test, so one test's throttled account does not hold back another. */
async function newUser(): Promise<{ id: string; email: string; password: string }> {
  const email = `signer-${randomUUID().slice(0, 8)}@example.com`;
  const password = "correct-horse-battery";
  const { userId } = await createUser(admin, { name: "Sam Signer", email, roles: ["author"], password });
  return { id: userId, email, password };
}

/** Submits the form from a client whose request carries `headers` (X-Forwarded-For as it reached the app). */
async function submit(email: string, password: string, headers: Record<string, string> = {}) {
  request.headers = new Headers(headers);
  return signInAction(idle, formData({ email, password }));
}

/** A successful sign-in ends in Next's redirect to the requested page. */
const redirected = { digest: expect.stringContaining("NEXT_REDIRECT") };

const sessionsOf = (userId: string) => prisma.session.findMany({ where: { userId }, select: { ipAddress: true } });

/** Failures of one key that happened just now, as earlier attempts (in any server process) left them. */
async function earlierFailures(scope: "account" | "address", key: string, count: number) {
  await addSignInFailures(
    Array.from({ length: count }, () => ({ scope, key })),
    new Date(),
  );
}

beforeAll(async () => {
  await seedDatabase({ mode: "demo" });
  await as("admin");
  admin = signedIn();
});

beforeEach(async () => {
  await prisma.signInFailure.deleteMany();
  delete process.env.TRUSTED_PROXY_HOPS;
});

afterEach(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
});

describe("signing in through the form", () => {
  it("signs in with the right password", async () => {
    const user = await newUser();
    await expect(submit(user.email, user.password)).rejects.toMatchObject(redirected);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it("after ten wrong passwords, some of them sent to another server process, refuses the right one too", async () => {
    const user = await newUser();
    // Seven failures another process recorded (the table is shared; no process keeps its own count) …
    await earlierFailures("account", user.email, 7);
    // … and three through this one.
    for (let i = 0; i < 3; i++) {
      expect(await submit(user.email, `wrong-${i}`)).toMatchObject({ status: "error", message: /do not match/ });
    }
    const state = await submit(user.email.toUpperCase(), user.password);
    expect(state).toEqual({
      status: "error",
      message: "Too many failed attempts for this email. Try again in 15 minutes.",
    });
    expect(await sessionsOf(user.id)).toHaveLength(0);
  });

  it("without a trusted proxy, counts no address: neither a spoofed X-Forwarded-For nor one shared bucket", async () => {
    const [victim, other] = [await newUser(), await newUser()];
    // Spraying from "many addresses" lands in no address bucket; the per-account limit still holds for the victim.
    for (let i = 0; i < 10; i += 1)
      expect(await submit(victim.email, `wrong-${i}`, { "x-forwarded-for": `203.0.113.${i}` })).toMatchObject({
        message: /do not match/,
      });
    expect(await submit(victim.email, victim.password, { "x-forwarded-for": "203.0.113.99" })).toMatchObject({
      message: /Too many failed attempts for this email/,
    });
    // Failures from everyone do not lock everyone out: another account still signs in.
    await expect(submit(other.email, other.password)).rejects.toMatchObject(redirected);
    expect(await sessionsOf(other.id)).toHaveLength(1);
  });

  it("behind a trusted proxy, counts the address the proxy saw, whatever the client wrote before it", async () => {
    process.env.TRUSTED_PROXY_HOPS = "1";
    const [victim, other, neighbour] = [await newUser(), await newUser(), await newUser()];
    await earlierFailures("address", "192.0.2.10", 49);
    expect(await submit(victim.email, "wrong", { "x-forwarded-for": "203.0.113.1, 192.0.2.10" })).toMatchObject({
      message: /do not match/,
    });
    const state = await submit(other.email, other.password, { "x-forwarded-for": "198.51.100.2, 192.0.2.10" });
    expect(state).toMatchObject({ status: "error", message: /from your network/ });
    expect(await sessionsOf(other.id)).toHaveLength(0);

    // Another client is not held back, even when it writes the blocked address itself; its session records
    // the address the proxy saw, not the one it claimed.
    await expect(
      submit(neighbour.email, neighbour.password, { "x-forwarded-for": "192.0.2.10, 192.0.2.99" }),
    ).rejects.toMatchObject(redirected);
    expect(await sessionsOf(neighbour.id)).toEqual([{ ipAddress: "192.0.2.99" }]);
  });

  it("ignores a client-sent value of the header better-auth reads addresses from", async () => {
    const user = await newUser();
    await expect(
      submit(user.email, user.password, { "x-routine-studio-client-address": "6.6.6.6" }),
    ).rejects.toMatchObject(redirected);
    const [session] = await sessionsOf(user.id);
    expect(session?.ipAddress).not.toBe("6.6.6.6");
  });
});
