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

/** Signs in through better-auth's real email/password endpoint and makes that session the current request's. */
export async function signInAs(email: string, password: string): Promise<void> {
  const { auth } = await import("../lib/session");
  const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  request.headers = new Headers({ cookie });
  const { loadViewerByEmail } = await import("../lib/db/users");
  current = await loadViewerByEmail(email);
}

/** The FormData a browser posts for a form with these fields, for calling server actions as the page does. */
export function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}
