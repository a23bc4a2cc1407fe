/** Why the designer's routine could not be loaded, in words for the page: the server's own, else by HTTP status. */
export async function routineLoadError(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string" && body.error) return body.error;
  } catch {
    // not JSON: fall through to the status
  }
  return response.status === 401
    ? "Your session has ended. Sign in again to continue."
    : `The routine could not be loaded (HTTP ${response.status}).`;
}
