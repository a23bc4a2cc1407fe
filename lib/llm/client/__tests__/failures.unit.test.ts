import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { describe, expect, it } from "vitest";
import { backoffMs, BACKOFF_CAP_MS, retryAfterMs } from "../../backoff";
import { classifyFailure, MalformedResponseError, redactSecrets, toLlmError } from "../failures";

const flags = { timedOut: false, aborted: false };
const httpError = (status: number, body: object = {}, headers: Record<string, string> = {}) =>
  APIError.generate(status, body, undefined, new Headers(headers));

describe("classifying a failed attempt", () => {
  it("retries rate limits, the usual server errors, timeouts and lost connections, and nothing else", () => {
    expect(classifyFailure(httpError(429), flags)).toMatchObject({ code: "rate_limited", retryable: true });
    for (const status of [500, 502, 503, 504])
      expect(classifyFailure(httpError(status), flags)).toMatchObject({
        code: "server_error",
        retryable: true,
        status,
      });
    expect(classifyFailure(httpError(501), flags)).toMatchObject({ code: "server_error", retryable: false });
    expect(classifyFailure(new APIConnectionTimeoutError(), flags)).toMatchObject({ code: "timeout", retryable: true });
    expect(
      classifyFailure(
        new APIConnectionError({ cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }),
        flags,
      ),
    ).toMatchObject({
      code: "unreachable",
      retryable: true,
      detail: "ECONNREFUSED",
    });
    expect(classifyFailure(httpError(401), flags)).toMatchObject({ code: "unauthorized", retryable: false });
    expect(classifyFailure(httpError(403), flags)).toMatchObject({ code: "unauthorized", retryable: false });
    for (const status of [400, 404, 422])
      expect(classifyFailure(httpError(status), flags)).toMatchObject({ code: "bad_request", retryable: false });
    expect(classifyFailure(new SyntaxError("Unexpected token"), flags)).toMatchObject({
      code: "malformed_response",
      retryable: false,
    });
    expect(classifyFailure(new MalformedResponseError("it has no choices"), flags)).toMatchObject({
      code: "malformed_response",
      detail: "it has no choices",
    });
  });

  it("tells our own timeout from the caller's cancellation, both of which reach us as an abort", () => {
    expect(classifyFailure(new APIUserAbortError(), { timedOut: true, aborted: false })).toMatchObject({
      code: "timeout",
      retryable: true,
    });
    expect(classifyFailure(new APIUserAbortError(), { timedOut: false, aborted: true })).toMatchObject({
      code: "aborted",
      retryable: false,
    });
  });

  it("reads the server's explanation apart from ours, and its retry-after", () => {
    const failure = classifyFailure(httpError(429, { error: { message: "Slow down" } }, { "retry-after": "2" }), flags);
    expect(failure).toMatchObject({ serverMessage: "Slow down", retryAfterMs: 2_000 });
    expect(failure.detail).toBeUndefined();
  });

  it("reads only an OpenAI-shaped explanation, and keeps any server text out of the message", () => {
    const context = { baseUrl: "http://10.0.0.5/v1", model: "m", timeoutMs: 1_000, attempts: 1, hasApiKey: false };
    const shapes: object[] = [
      { message: "db password hunter2" },
      { error: "db password hunter2" },
      { detail: "db password hunter2" },
      { error: { message: "db password hunter2" } },
    ];
    const errors = shapes.map((body) => toLlmError(classifyFailure(httpError(500, body), flags), context));
    expect(errors.map((error) => error.serverMessage)).toEqual([
      undefined,
      undefined,
      undefined,
      "db password hunter2",
    ]);
    for (const error of errors) {
      expect(error.message).toBe(
        "The model endpoint http://10.0.0.5/v1 failed with HTTP 500 after 1 attempt. Check the model server or try again later.",
      );
    }
  });
});

describe("waiting between attempts", () => {
  it("prefers retry-after-ms, then retry-after in seconds or as a date", () => {
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "1.5" }))).toBe(1_500);
    expect(retryAfterMs(new Headers({ "retry-after": new Date(10_000).toUTCString() }), 4_000)).toBe(6_000);
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }))).toBeUndefined();
    expect(retryAfterMs(new Headers())).toBeUndefined();
  });

  it("doubles the backoff per retry, within half and all of the step, and caps it", () => {
    expect([0, 1, 2, 3].map((index) => backoffMs(index, () => 0.999999))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(backoffMs(0, () => 0)).toBe(250);
    expect(backoffMs(20, () => 0.999999)).toBe(BACKOFF_CAP_MS);
  });
});

describe("error messages", () => {
  const context = {
    baseUrl: "https://user:pw@models.example.com/v1?x=1",
    model: "gpt-x",
    timeoutMs: 30_000,
    attempts: 3,
    hasApiKey: true,
    apiKey: "sk-live-0123456789abcdef",
  };

  it("say what failed and what to check, without credentials from the URL", () => {
    expect(toLlmError(classifyFailure(httpError(503), flags), context).message).toBe(
      "The model endpoint https://models.example.com/v1 failed with HTTP 503 after 3 attempts. Check the model server or try again later.",
    );
    expect(toLlmError(classifyFailure(new APIConnectionTimeoutError(), flags), context).message).toMatch(
      /did not answer within 30 s \(3 attempts\)\. Raise the timeout/,
    );
    expect(toLlmError(classifyFailure(httpError(404), flags), { ...context, attempts: 1 }).message).toMatch(
      /404 Not Found.*ends in \/v1.*"gpt-x"/,
    );
    expect(toLlmError(classifyFailure(httpError(401), flags), { ...context, hasApiKey: false }).message).toMatch(
      /requires an API key .* none is set/,
    );
  });

  it("never carry the API key, whole or in the shortened form servers echo", () => {
    const echoed = httpError(401, { error: { message: "Incorrect API key provided: sk-live-0123456789abcdef" } });
    const bad = httpError(400, { error: { message: "key sk-live-01***cdef and sk-live-0123456789abcdef rejected" } });
    for (const failure of [classifyFailure(echoed, flags), classifyFailure(bad, flags)]) {
      const message = toLlmError(failure, context).message;
      expect(message).not.toContain("0123456789abcdef");
      expect(message).not.toContain("sk-live-01");
      expect(message).not.toContain("cdef ");
    }
    expect(redactSecrets("Authorization: Bearer abc.def", undefined)).toBe("Authorization: Bearer [redacted]");
  });
});
