import { describe, expect, it } from "vitest";
import { routineLoadError } from "./routine-load-error";

const answer = (status: number, body: string) => new Response(body, { status });

describe("routineLoadError", () => {
  it("shows the server's own explanation", async () => {
    expect(await routineLoadError(answer(403, JSON.stringify({ error: "You may not open this routine." })))).toBe(
      "You may not open this routine.",
    );
  });

  it("asks to sign in again when the session ended", async () => {
    expect(await routineLoadError(answer(401, ""))).toBe("Your session has ended. Sign in again to continue.");
  });

  it("names the HTTP status when the answer says nothing readable", async () => {
    expect(await routineLoadError(answer(502, "<html>Bad gateway</html>"))).toBe(
      "The routine could not be loaded (HTTP 502).",
    );
    expect(await routineLoadError(answer(500, JSON.stringify({ error: "" })))).toBe(
      "The routine could not be loaded (HTTP 500).",
    );
    expect(await routineLoadError(answer(404, JSON.stringify({ error: { code: 1 } })))).toMatch(/HTTP 404/);
  });
});
