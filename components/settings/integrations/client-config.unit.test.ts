import { describe, expect, it } from "vitest";
import { httpClientConfig, stdioCommand } from "./client-config";

const ENDPOINT = "https://studio.example.com/api/mcp";

describe("the MCP client configuration", () => {
  it("lists the endpoint under mcpServers with the token's placeholder as a bearer header", () => {
    expect(JSON.parse(httpClientConfig(ENDPOINT))).toEqual({
      mcpServers: {
        "routine-studio": {
          type: "http",
          url: ENDPOINT,
          headers: { Authorization: "Bearer <your API token>" },
        },
      },
    });
  });

  it("bridges stdio clients through mcp-remote with the token from the environment", () => {
    expect(stdioCommand(ENDPOINT)).toBe(
      'npx mcp-remote https://studio.example.com/api/mcp --header "Authorization: Bearer ${TOKEN}"',
    );
  });
});
