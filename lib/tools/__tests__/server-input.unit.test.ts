import { describe, expect, it } from "vitest";
import { parseEnvField, splitArgsField, toolServerInput } from "../server-input";

describe("tool server input", () => {
  it("accepts a stdio server and an http server", () => {
    expect(
      toolServerInput.safeParse({
        name: "everything",
        transport: { kind: "stdio", command: "npx", args: ["@modelcontextprotocol/server-everything"] },
      }).success,
    ).toBe(true);
    expect(
      toolServerInput.safeParse({
        name: "hr",
        transport: { kind: "http", url: "https://mcp.example.com/mcp", bearerToken: "t" },
      }).success,
    ).toBe(true);
  });

  it("refuses URLs that are not http(s), names routines cannot use, and shell lines as commands", () => {
    const refusal = (input: unknown) => {
      const result = toolServerInput.safeParse(input);
      return result.success ? null : result.error.issues.map((issue) => issue.message).join(" ");
    };
    expect(refusal({ name: "x", transport: { kind: "http", url: "file:///etc/passwd" } })).toMatch(
      /Only http:\/\/ and https:\/\//,
    );
    expect(refusal({ name: "x", transport: { kind: "http", url: "javascript:alert(1)" } })).toMatch(/Only http/);
    expect(refusal({ name: "x", transport: { kind: "http", url: "not a url" } })).toMatch(/not a valid URL/);
    expect(refusal({ name: "HR Tools", transport: { kind: "http", url: "http://x" } })).toMatch(/lower-case letters/);
    expect(refusal({ name: "x", transport: { kind: "stdio", command: "npx foo && rm -rf /" } })).toMatch(/one word/);
    expect(refusal({ name: "x", transport: { kind: "ftp" } })).toMatch(/stdio or Streamable HTTP/);
  });

  it("splits argument and environment fields the way admins type them", () => {
    expect(splitArgsField("@modelcontextprotocol/server-everything stdio")).toEqual([
      "@modelcontextprotocol/server-everything",
      "stdio",
    ]);
    expect(splitArgsField("--root\n/srv/my files\n")).toEqual(["--root", "/srv/my files"]);
    expect(splitArgsField("")).toEqual([]);
    expect(parseEnvField("API_KEY=abc=def\nREGION=eu")).toEqual({ env: { API_KEY: "abc=def", REGION: "eu" } });
    expect(parseEnvField("oops")).toEqual({ error: '"oops" is not KEY=value.' });
  });
});
