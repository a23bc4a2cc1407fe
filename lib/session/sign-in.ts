import "server-only";
import { APIError } from "better-auth/api";
import { recordAudit } from "../db/audit";
import { translateDbError, DatabaseUnavailableError } from "../db/core";
import { auth } from "./auth";
import { SignInThrottle } from "./sign-in-throttle";

export type SignInOutcome =
  | { ok: true; userId: string }
  | { ok: false; reason: "invalid" | "deactivated" | "throttled" | "unavailable"; message: string };

const throttle = new SignInThrottle();

/** The message for wrong passwords and unknown emails alike, so the form does not reveal who has an account. */
export const INVALID_CREDENTIALS = "That email and password do not match an account. Check them and try again.";

/**
 * Signs in with email and password through better-auth (which sets the session cookie via nextCookies),
 * throttles repeated failures per email, and records the attempt in the audit log.
 */
export async function signInWithPassword(
  email: string,
  password: string,
  requestHeaders: Headers,
): Promise<SignInOutcome> {
  const retryAfterMs = throttle.retryAfterMs(email);
  if (retryAfterMs > 0) {
    const minutes = Math.ceil(retryAfterMs / 60_000);
    return {
      ok: false,
      reason: "throttled",
      message: `Too many failed attempts for this email. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    };
  }
  try {
    const result = await auth.api.signInEmail({ body: { email, password, rememberMe: true }, headers: requestHeaders });
    throttle.reset(email);
    await recordAudit({ action: "auth.sign_in", actor: { id: result.user.id, email: result.user.email } }).catch(
      logAuditFailure,
    );
    return { ok: true, userId: result.user.id };
  } catch (error) {
    if (error instanceof APIError && error.statusCode === 403) {
      return {
        ok: false,
        reason: "deactivated",
        message: "This account has been deactivated. Ask an admin to reactivate it.",
      };
    }
    if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 400)) {
      throttle.recordFailure(email);
      await recordAudit({ action: "auth.sign_in_failed", actorEmail: email }).catch(logAuditFailure);
      return { ok: false, reason: "invalid", message: INVALID_CREDENTIALS };
    }
    const translated = translateDbError(error instanceof APIError ? (error.cause ?? error) : error);
    if (translated instanceof DatabaseUnavailableError)
      return { ok: false, reason: "unavailable", message: translated.message };
    console.error("[auth] sign-in failed unexpectedly", error);
    return { ok: false, reason: "unavailable", message: "Sign-in is unavailable right now. Please try again shortly." };
  }
}

/** Ends the session in the database and clears the cookie, then records it. */
export async function signOutCurrent(
  requestHeaders: Headers,
  actor: { id: string; email: string } | null,
): Promise<void> {
  await auth.api.signOut({ headers: requestHeaders });
  if (actor) await recordAudit({ action: "auth.sign_out", actor }).catch(logAuditFailure);
}

// An audit write must not turn a successful sign-in into a failure (a read-only database, say); it is logged instead.
function logAuditFailure(error: unknown) {
  console.error("[audit] could not record an entry:", error instanceof Error ? error.message : error);
}
