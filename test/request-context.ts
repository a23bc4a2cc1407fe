// A stand-in for the Next request in unit tests: next/headers is mocked to return these headers, and
// signInAs() fills them with a real session cookie issued by better-auth against the test database.
// Use in a test file: vi.mock("next/headers", async () => (await import("../../test/request-context")).nextHeadersMock);

export const request = { headers: new Headers() };

export const nextHeadersMock = {
  headers: async () => request.headers,
};

export function signOutAll(): void {
  request.headers = new Headers();
}

/** Signs in through better-auth's real email/password endpoint and makes that session the current request's. */
export async function signInAs(email: string, password: string): Promise<void> {
  const { auth } = await import("../lib/session/auth");
  const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  request.headers = new Headers({ cookie });
}

/** The FormData a browser posts for a form with these fields, for calling server actions as the page does. */
export function formData(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}
