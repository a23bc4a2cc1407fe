import { describe, expect, it } from "vitest";
import {
  callerTraceContext,
  formatTraceparent,
  newRunTraceContext,
  parseTraceparent,
  parseTracestate,
  readRunTraceContext,
  serializeRunTraceContext,
} from "..";

const TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
const SPAN = "00f067aa0ba902b7";
const VALID = `00-${TRACE}-${SPAN}-01`;

describe("W3C traceparent", () => {
  it("reads a valid header and writes it back", () => {
    expect(parseTraceparent(VALID)).toEqual({ traceId: TRACE, spanId: SPAN, traceFlags: 1 });
    expect(parseTraceparent(`  ${VALID} `)).toEqual({ traceId: TRACE, spanId: SPAN, traceFlags: 1 });
    expect(formatTraceparent({ traceId: TRACE, spanId: SPAN, traceFlags: 0 })).toBe(`00-${TRACE}-${SPAN}-00`);
    expect(formatTraceparent(parseTraceparent(VALID)!)).toBe(VALID);
  });

  it("accepts a later version's extra fields, as the recommendation asks", () => {
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-01-what-comes-next`)).toMatchObject({ traceId: TRACE });
  });

  it.each([
    ["empty", ""],
    ["not text", 42],
    ["missing", undefined],
    ["version ff", `ff-${TRACE}-${SPAN}-01`],
    ["version 00 with more fields", `${VALID}-extra`],
    ["all-zero trace id", `00-${"0".repeat(32)}-${SPAN}-01`],
    ["all-zero parent id", `00-${TRACE}-${"0".repeat(16)}-01`],
    ["upper-case hex", VALID.toUpperCase()],
    ["a short trace id", `00-${TRACE.slice(1)}-${SPAN}-01`],
    ["garbage", "hello-world"],
    ["too long", `${VALID}${" ".repeat(300)}`],
  ])("ignores an invalid header (%s): null, never an error", (_, header) => {
    expect(parseTraceparent(header)).toBeNull();
    expect(callerTraceContext(header, "vendor=value")).toBeUndefined();
  });
});

describe("tracestate", () => {
  it("keeps valid members and drops invalid ones", () => {
    expect(parseTracestate("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7")).toBe("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");
    expect(parseTracestate("Not Valid")).toBeUndefined();
    expect(parseTracestate("x".repeat(600))).toBeUndefined();
    expect(parseTracestate(undefined)).toBeUndefined();
  });
});

describe("a run's stored trace context", () => {
  it("continues the caller's trace under the caller's span, with its flags and tracestate", () => {
    const context = callerTraceContext(VALID, "congo=t61rcWkgMzE");
    expect(context).toEqual({ traceId: TRACE, parentSpanId: SPAN, traceFlags: 1, traceState: "congo=t61rcWkgMzE" });
    expect(readRunTraceContext(serializeRunTraceContext(context!))).toEqual(context);
  });

  it("gives a run without a caller a trace of its own: a fresh id, no parent", () => {
    const [a, b] = [newRunTraceContext(), newRunTraceContext()];
    expect(a.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(a.traceId).not.toBe(b.traceId);
    expect(a.parentSpanId).toBeUndefined();
    expect(readRunTraceContext(serializeRunTraceContext(a))).toEqual(a);
  });

  it("reads nothing from a missing or damaged value, so the run is traced afresh rather than failing", () => {
    expect(readRunTraceContext(null)).toBeNull();
    expect(readRunTraceContext("{not json")).toBeNull();
    expect(readRunTraceContext(JSON.stringify({ traceId: "0".repeat(32) }))).toBeNull();
    expect(readRunTraceContext(JSON.stringify({ traceId: TRACE, parentSpanId: "xyz" }))).toBeNull();
  });
});
