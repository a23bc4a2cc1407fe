import { afterEach, describe, expect, it } from "vitest";
import { refuseCrossSiteRequest } from "../same-origin";

const APP = "http://localhost:3999";

function post(headers: Record<string, string>, url = `${APP}/api/runs`): Request {
  return new Request(url, { method: "POST", headers, body: "{}" });
}

const statusOf = (request: Request, jsonBody = true) => refuseCrossSiteRequest(request, { jsonBody })?.status ?? "ok";

const json = { "content-type": "application/json" };
const cookie = { cookie: "better-auth.session_token=abc.def" };
const bearer = { authorization: "Bearer rs_token" };

afterEach(() => {
  process.env.BETTER_AUTH_URL = APP;
});

describe("refuseCrossSiteRequest", () => {
  it("lets the app's own pages through: a cookie, the app's Origin and a JSON body", () => {
    expect(statusOf(post({ ...cookie, ...json, origin: APP }))).toBe("ok");
    expect(statusOf(post({ ...cookie, origin: APP, "content-type": "application/json; charset=utf-8" }))).toBe("ok");
  });

  it("refuses a request from another site with 403 and a JSON error, cookie or not", async () => {
    for (const origin of ["https://evil.example", "http://localhost:4000", "https://localhost:3999", "null"]) {
      const refusal = refuseCrossSiteRequest(post({ ...cookie, ...json, origin }), { jsonBody: true });
      expect(refusal?.status).toBe(403);
      expect(await refusal?.json()).toEqual({ error: expect.stringContaining("another site") });
      expect(statusOf(post({ ...bearer, ...json, origin }))).toBe(403);
      expect(statusOf(post({ ...json, origin }))).toBe(403);
    }
  });

  it("refuses a request that sends cookies but no Origin, and lets a bearer-token client without Origin through", () => {
    expect(statusOf(post({ ...cookie, ...json }))).toBe(403);
    expect(statusOf(post({ ...bearer, ...json }))).toBe("ok");
    // The token decides who calls (lib/api/request-viewer.ts), so cookies sent beside it do not matter.
    expect(statusOf(post({ ...bearer, ...cookie, ...json }))).toBe("ok");
    // Nobody signed in at all: the handler answers 401 itself.
    expect(statusOf(post({ ...json }))).toBe("ok");
  });

  it("answers 415 for a body that is not declared JSON, where the handler reads one", async () => {
    for (const type of [
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "text/plain",
      "application/jsonp",
      "",
    ]) {
      const headers: Record<string, string> = { ...cookie, origin: APP };
      if (type) headers["content-type"] = type;
      const refusal = refuseCrossSiteRequest(post(headers), { jsonBody: true });
      expect(refusal?.status).toBe(415);
      expect(await refusal?.json()).toEqual({ error: 'Send the body as JSON with "Content-Type: application/json".' });
    }
    expect(statusOf(post({ ...cookie, origin: APP, "content-type": "text/plain" }), false)).toBe("ok");
  });

  it("takes the app's origin from BETTER_AUTH_URL, or else from the request", () => {
    process.env.BETTER_AUTH_URL = "https://studio.example.com/";
    expect(statusOf(post({ ...cookie, ...json, origin: "https://studio.example.com" }))).toBe("ok");
    expect(statusOf(post({ ...cookie, ...json, origin: APP }))).toBe(403);
    delete process.env.BETTER_AUTH_URL;
    expect(
      statusOf(post({ ...cookie, ...json, origin: "http://intranet:8080" }, "http://intranet:8080/api/runs")),
    ).toBe("ok");
    expect(statusOf(post({ ...cookie, ...json, origin: APP }, "http://intranet:8080/api/runs"))).toBe(403);
  });
});
