import "server-only";
import {
  addSignInFailures,
  clearSignInFailures,
  pruneSignInFailures,
  recentSignInFailures,
  removeSignInFailures,
  type SignInFailureKey,
} from "../db/users";
import { UNKNOWN_CLIENT } from "./client-address";

/** How many failed sign-ins count, and for how long. */
export type SignInLimits = {
  /** Failures one account may collect in the window; its next attempt is refused (password guessing). */
  perAccount: number;
  /** Failures one client address may collect in the window, over all accounts (password spraying). */
  perAddress: number;
  windowMs: number;
};

/** 10 failures per account and 50 per client address in 15 minutes. */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perAccount: 10, perAddress: 50, windowMs: 15 * 60 * 1000 };

/** An attempt the throttle let through: say how it ended, so its provisional failure is kept or taken back. */
export type AllowedAttempt = {
  allowed: true;
  /** The password was wrong: the attempt stays counted (and old failures are pruned). */
  failed(): Promise<void>;
  /** Signed in: the account's failures are forgotten. The address's stay, or one good account would reset them. */
  succeeded(): Promise<void>;
  /** Neither (the account is deactivated, the database failed): the attempt no longer counts. */
  withdrawn(): Promise<void>;
};

export type RefusedAttempt = { allowed: false; scope: SignInFailureKey["scope"]; retryAfterMs: number };

/**
 * Slows password guessing per account and per client address. The failures live in the database (sign_in_failure),
 * so the limits hold across server processes and restarts; an instance keeps nothing of its own.
 *
 * Each attempt is counted before its password is checked and taken back when it did not fail. Attempts sent at the
 * same moment therefore see each other: a burst of parallel guesses gets no more tries than a sequence would.
 */
export class SignInThrottle {
  constructor(
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts an attempt for `account` (a normalized email) from `address` (a bucket), or refuses it. An address that
   * is not known (UNKNOWN_CLIENT: no trusted proxy is configured, see client-address.ts) is not counted at all:
   * one bucket shared by every client would let anyone lock everyone out by failing 50 times.
   */
  async begin(keys: { account: string; address: string }): Promise<AllowedAttempt | RefusedAttempt> {
    const at = this.now();
    const entries: SignInFailureKey[] = [{ scope: "account", key: keys.account }];
    if (keys.address !== UNKNOWN_CLIENT) entries.push({ scope: "address", key: keys.address });
    const ids = await addSignInFailures(entries, new Date(at));
    try {
      for (const entry of entries) {
        const limit = this.limitOf(entry);
        // This attempt is among them, so more than `limit` means `limit` failures came before it.
        const recent = await recentSignInFailures(entry, this.windowStart(at), limit + 1);
        if (recent.length > limit) {
          await removeSignInFailures(ids);
          return { allowed: false, scope: entry.scope, retryAfterMs: await this.retryAfterMs(entry) };
        }
      }
    } catch (error) {
      await removeSignInFailures(ids).catch(() => undefined);
      throw error;
    }
    return {
      allowed: true,
      failed: async () => {
        await pruneSignInFailures(this.windowStart(this.now()));
      },
      succeeded: async () => {
        await removeSignInFailures(ids);
        await clearSignInFailures(entries[0]!);
      },
      withdrawn: () => removeSignInFailures(ids),
    };
  }

  private limitOf(entry: SignInFailureKey): number {
    return entry.scope === "account" ? this.limits.perAccount : this.limits.perAddress;
  }

  private windowStart(at: number): Date {
    return new Date(at - this.limits.windowMs);
  }

  /** Until the limit-th newest failure leaves the window; at least a second, should a race have freed it already. */
  private async retryAfterMs(entry: SignInFailureKey): Promise<number> {
    const now = this.now();
    const limit = this.limitOf(entry);
    const recent = await recentSignInFailures(entry, this.windowStart(now), limit);
    const oldestCounted = recent.length >= limit ? recent[limit - 1]!.getTime() : now - this.limits.windowMs;
    return Math.max(1000, oldestCounted + this.limits.windowMs - now);
  }
}
