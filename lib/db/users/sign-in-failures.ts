import "server-only";
import { randomUUID } from "node:crypto";
import { prisma, withDbErrors } from "../core";

/** What a failed sign-in counts against: an account (its normalized email) or a client address. */
export type SignInFailureKey = { scope: "account" | "address"; key: string };

// Keys come from a sign-in form; a bound keeps a pasted novel out of the table and its index.
const MAX_KEY_LENGTH = 320;
const bounded = ({ scope, key }: SignInFailureKey) => ({ scope, key: key.slice(0, MAX_KEY_LENGTH) });

/**
 * Records a sign-in attempt against each of `keys` at `at`, before its password is checked, so attempts running at
 * the same time (in this process or another) count against each other. Returns the rows' ids, so an attempt that
 * did not fail can be taken back with removeSignInFailures. Called before anyone is authenticated: no viewer.
 */
export async function addSignInFailures(keys: SignInFailureKey[], at: Date): Promise<string[]> {
  const rows = keys.map((entry) => ({ id: randomUUID(), ...bounded(entry), at }));
  await withDbErrors(() => prisma.signInFailure.createMany({ data: rows }));
  return rows.map((row) => row.id);
}

/** When the newest failures of one key after `since` happened, newest first, at most `take` of them. */
export async function recentSignInFailures(entry: SignInFailureKey, since: Date, take: number): Promise<Date[]> {
  const rows = await withDbErrors(() =>
    prisma.signInFailure.findMany({
      where: { ...bounded(entry), at: { gt: since } },
      orderBy: { at: "desc" },
      take,
      select: { at: true },
    }),
  );
  return rows.map((row) => row.at);
}

/** Takes back the rows of one attempt (it succeeded, was refused, or the check itself failed). */
export async function removeSignInFailures(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await withDbErrors(() => prisma.signInFailure.deleteMany({ where: { id: { in: ids } } }));
}

/** Forgets every failure of one key, as after a successful sign-in to that account. */
export async function clearSignInFailures(entry: SignInFailureKey): Promise<void> {
  await withDbErrors(() => prisma.signInFailure.deleteMany({ where: bounded(entry) }));
}

/** Deletes the failures older than `before`, of every key: they no longer count, so the table stays small. */
export async function pruneSignInFailures(before: Date): Promise<number> {
  const { count } = await withDbErrors(() => prisma.signInFailure.deleteMany({ where: { at: { lte: before } } }));
  return count;
}
