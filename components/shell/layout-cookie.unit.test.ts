import { describe, expect, it } from "vitest";
import { DEFAULT_LAYOUT, LAYOUT_COOKIE, layoutCookieLine, parseLayoutCookie, type CanvasLayout } from "./layout-cookie";

/** The value a browser sends back for a cookie line (what follows `name=`, before the first `;`). */
const cookieValue = (line: string) => line.slice(`${LAYOUT_COOKIE}=`.length, line.indexOf(";"));

describe("layout cookie", () => {
  it("gives back the layout a person left: navigation labels shown, a panel's width and whether it is open", () => {
    const layout: CanvasLayout = { navIcons: false, panels: { inspector: { open: true, width: 420 } } };
    const value = cookieValue(layoutCookieLine(layout));
    expect(parseLayoutCookie(decodeURIComponent(value))).toEqual(layout);
  });

  it("reads a raw header value that is still percent-encoded", () => {
    const layout: CanvasLayout = { navIcons: false, panels: { "run-panel": { open: false, width: 300 } } };
    expect(parseLayoutCookie(cookieValue(layoutCookieLine(layout)))).toEqual(layout);
  });

  it("opens with the navigation as icons and panels as designed when there is no cookie", () => {
    expect(parseLayoutCookie(undefined)).toEqual({ navIcons: true, panels: {} });
    expect(parseLayoutCookie("")).toBe(DEFAULT_LAYOUT);
  });

  it("fills what an older cookie leaves out from the defaults", () => {
    expect(parseLayoutCookie("{}")).toEqual({ navIcons: true, panels: {} });
    expect(parseLayoutCookie('{"navIcons": false}')).toEqual({ navIcons: false, panels: {} });
  });

  it("falls back to the defaults for a cookie that is not JSON or holds widths out of range", () => {
    expect(parseLayoutCookie("not json")).toBe(DEFAULT_LAYOUT);
    expect(parseLayoutCookie("%E0%A4%A")).toBe(DEFAULT_LAYOUT);
    expect(parseLayoutCookie('{"panels": {"inspector": {"open": true, "width": 90}}}')).toBe(DEFAULT_LAYOUT);
    expect(parseLayoutCookie('{"panels": {"inspector": {"open": true, "width": 5000}}}')).toBe(DEFAULT_LAYOUT);
    expect(parseLayoutCookie('{"panels": {"inspector": {"open": true, "width": 300.5}}}')).toBe(DEFAULT_LAYOUT);
  });

  it("refuses panel names that are not short lowercase words", () => {
    expect(parseLayoutCookie('{"panels": {"Inspector": {"open": true, "width": 300}}}')).toBe(DEFAULT_LAYOUT);
    expect(parseLayoutCookie(`{"panels": {"${"a".repeat(41)}": {"open": true, "width": 300}}}`)).toBe(DEFAULT_LAYOUT);
  });

  it("stores the layout for a year on every page, sent with top-level navigations only", () => {
    const line = layoutCookieLine(DEFAULT_LAYOUT);
    expect(line.startsWith(`${LAYOUT_COOKIE}=`)).toBe(true);
    expect(line).toContain("; path=/;");
    expect(line).toContain("max-age=31536000");
    expect(line).toContain("samesite=lax");
    expect(cookieValue(line)).not.toMatch(/[;,\s"]/);
  });
});
