// Who a test acts as. signInAs() signs in through better-auth's real endpoint (the password must be right) and makes
// that user the one signedIn() returns, to hand to the DAL as its viewer. Tests of request-bound code (lib/session,
// lib/api, server actions) also mock next/headers with these headers, which then carry the real session cookie:
// vi.mock("next/headers", async () => (await import("../../test/request-context")).nextHeadersMock);
import type { Viewer } from "../lib/access";

export const request = { headers: new Headers() };

export const nextHeadersMock = {
  headers: async () => request.headers,
};

let current: Viewer | null = null;

/** The viewer of the user signed in last (null after signOutAll or before any sign-in). */
export function signedIn(): Viewer | null {
  return current;
}

export function signOutAll(): void {
  request.headers = new Headers();
  current = null;
}

/**
 * Sessions signed in by this test file, by email and password, with the password hash they were signed in against.
 * Checking a password costs a scrypt hash (about 0.2 s on a 2-core machine), and a file of authorization tests signs
 * in hundreds of times; a session is reused only while the server still accepts it for the same user, the user is
 * active and their password is unchanged, so a test that revokes, deactivates or re-passwords sees a real sign-in.
 */
const sessions = new Map<string, { cookie: string; userId: string; passwordHash: string | null }>();

async function passwordHashOf(userId: string): Promise<string | null> {
  const { prisma } = await import("../lib/db/core");
  const account = await prisma.account.findFirst({ where: { userId, providerId: "credential" } });
  return account?.password ?? null;
}

async function stillSignedIn(session: { cookie: string; userId: string; passwordHash: string | null }) {
  const { auth } = await import("../lib/session");
  const live = await auth.api.getSession({ headers: new Headers({ cookie: session.cookie }) });
  if (live?.user.id !== session.userId) return false;
  const { isDeactivated } = await import("../lib/db/users");
  return !(await isDeactivated(session.userId)) && (await passwordHashOf(session.userId)) === session.passwordHash;
}

/** Signs in through better-auth's real email/password endpoint and makes that session the current request's. */
export async function signInAs(email: string, password: string): Promise<void> {
  const { loadViewerByEmail } = await import("../lib/db/users");
  const key = `${email}\n${password}`;
  const cached = sessions.get(key);
  if (cached && (await stillSignedIn(cached))) {
    request.headers = new Headers({ cookie: cached.cookie });
    current = await loadViewerByEmail(email);
    return;
  }
  sessions.delete(key);
  const { auth } = await import("../lib/session");
  const { headers, response } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  request.headers = new Headers({ cookie });
  current = await loadViewerByEmail(email);
  const userId = response.user.id;
  sessions.set(key, { cookie, userId, passwordHash: await passwordHashOf(userId) });
}

/** The FormData a browser posts for a form with these fields, for calling server actions as the page does. */
export function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}
