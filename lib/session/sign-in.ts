import "server-only";
import { APIError } from "better-auth/api";
import { recordAudit } from "../db/audit";
import { translateDbError, DatabaseUnavailableError } from "../db/core";
import { auth } from "./auth";
import { CLIENT_ADDRESS_HEADER, clientAddress, type ClientAddress } from "./client-address";
import { SignInThrottle, type RefusedAttempt } from "./sign-in-throttle";

export type SignInOutcome =
  | { ok: true; userId: string }
  | { ok: false; reason: "invalid" | "deactivated" | "throttled" | "unavailable"; message: string };

const throttle = new SignInThrottle();

/** The message for wrong passwords and unknown emails alike, so the form does not reveal who has an account. */
export const INVALID_CREDENTIALS = "That email and password do not match an account. Check them and try again.";

const UNAVAILABLE = "Sign-in is unavailable right now. Please try again shortly.";

/**
 * Signs in with email and password through better-auth (which sets the session cookie via nextCookies), throttles
 * failures per account and per client address (in the database, so every server process sees them), and records
 * the attempt in the audit log. This server action path is the only way to sign in: better-auth's own HTTP sign-in
 * endpoint is not mounted (app/api/auth/[...all]/route.ts).
 */
export async function signInWithPassword(
  email: string,
  password: string,
  requestHeaders: Headers,
): Promise<SignInOutcome> {
  const account = email.trim().toLowerCase();
  const address = clientAddress(requestHeaders);
  let attempt: Awaited<ReturnType<SignInThrottle["begin"]>>;
  try {
    attempt = await throttle.begin({ account, address: address.bucket });
  } catch (error) {
    return unavailable(error);
  }
  if (!attempt.allowed) return throttled(attempt);
  try {
    const result = await auth.api.signInEmail({
      body: { email: account, password, rememberMe: true },
      headers: withClientAddress(requestHeaders, address),
    });
    await attempt.succeeded().catch(logThrottleFailure);
    await recordAudit({ action: "auth.sign_in", actor: { id: result.user.id, email: result.user.email } }).catch(
      logAuditFailure,
    );
    return { ok: true, userId: result.user.id };
  } catch (error) {
    if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 400)) {
      await attempt.failed().catch(logThrottleFailure);
      await recordAudit({ action: "auth.sign_in_failed", actorEmail: account }).catch(logAuditFailure);
      return { ok: false, reason: "invalid", message: INVALID_CREDENTIALS };
    }
    // The password was right (deactivation is checked after it) or the server failed: not a guess to count.
    await attempt.withdrawn().catch(logThrottleFailure);
    if (error instanceof APIError && error.statusCode === 403) {
      return {
        ok: false,
        reason: "deactivated",
        message: "This account has been deactivated. Ask an admin to reactivate it.",
      };
    }
    return unavailable(error instanceof APIError ? (error.cause ?? error) : error);
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

/**
 * The request's headers for better-auth, with the client address we resolved under the one header it reads
 * addresses from (a value the client sent under that name is dropped), so the session row records that address.
 */
function withClientAddress(requestHeaders: Headers, address: ClientAddress): Headers {
  const headers = new Headers(requestHeaders);
  headers.delete(CLIENT_ADDRESS_HEADER);
  if (address.ip) headers.set(CLIENT_ADDRESS_HEADER, address.ip);
  return headers;
}

function throttled(refused: RefusedAttempt): SignInOutcome {
  const minutes = Math.max(1, Math.ceil(refused.retryAfterMs / 60_000));
  const wait = `Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  const message =
    refused.scope === "account"
      ? `Too many failed attempts for this email. ${wait}`
      : `Too many failed sign-ins from your network. ${wait}`;
  return { ok: false, reason: "throttled", message };
}

function unavailable(error: unknown): SignInOutcome {
  const translated = translateDbError(error);
  if (translated instanceof DatabaseUnavailableError)
    return { ok: false, reason: "unavailable", message: translated.message };
  console.error("[auth] sign-in failed unexpectedly", error);
  return { ok: false, reason: "unavailable", message: UNAVAILABLE };
}

// An audit write must not turn a successful sign-in into a failure (a read-only database, say); it is logged instead.
function logAuditFailure(error: unknown) {
  console.error("[audit] could not record an entry:", error instanceof Error ? error.message : error);
}

// Likewise for the throttle's bookkeeping after the password was checked: the sign-in's outcome stands.
function logThrottleFailure(error: unknown) {
  console.error("[auth] could not update the sign-in throttle:", error instanceof Error ? error.message : error);
}
