import { describe, expect, it } from "vitest";
import { checkRequest, MAX_REQUEST_BYTES, MAX_REQUEST_CHARS, MemoryRequestError, ProcedureIndex } from "..";
import { sampleLibrary } from "../testing/factories";

describe("checkRequest", () => {
  it("refuses an empty or blank request with a sentence saying what to do", () => {
    for (const request of ["", "   ", "\n\t "]) {
      const result = checkRequest(request);
      expect(result).toEqual({ ok: false, message: expect.stringMatching(/^The request is empty: describe/) });
    }
  });

  it("refuses a 100 KB request and one just over the limit, counting UTF-8 bytes", () => {
    expect(checkRequest("a".repeat(100_000))).toEqual({
      ok: false,
      message: "The request is too long: keep it under 10 KB, a few sentences at most.",
    });
    expect(checkRequest("a".repeat(MAX_REQUEST_BYTES + 1)).ok).toBe(false);
    // 4,000 "é" are 4,000 characters but 8,000 bytes: fine; 6,000 are 12,000 bytes: refused.
    expect(checkRequest("é".repeat(4_000)).ok).toBe(true);
    expect(checkRequest("é".repeat(6_000)).ok).toBe(false);
  });

  it("refuses a request a run could not start from (over 8,000 characters), so retrieval never picks for one", () => {
    expect(checkRequest("a".repeat(MAX_REQUEST_CHARS + 1))).toEqual({
      ok: false,
      message: "The request is too long: keep it under 8000 characters, a few sentences at most.",
    });
    expect(checkRequest(` ${"a".repeat(MAX_REQUEST_CHARS)} `).ok).toBe(true);
  });

  it("accepts a request at the limit and returns it trimmed", () => {
    expect(checkRequest("a".repeat(MAX_REQUEST_CHARS)).ok).toBe(true);
    expect(checkRequest("  reset my password \n")).toEqual({ ok: true, text: "reset my password" });
  });

  it("makes search throw a MemoryRequestError with the same sentence", () => {
    const index = ProcedureIndex.build(sampleLibrary());
    expect(() => index.search(" ")).toThrow(MemoryRequestError);
    expect(() => index.search("x".repeat(100_000))).toThrow(/too long: keep it under 10 KB/);
  });
});
