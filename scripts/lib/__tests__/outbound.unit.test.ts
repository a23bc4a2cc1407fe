import { describe, expect, it } from "vitest";
import { allowOutbound, outboundEntry } from "../outbound.mjs";

describe("the helper servers' outbound allowance", () => {
  it("adds each server's address and port after what the setting already allows, once", () => {
    const env: Record<string, string | undefined> = { OUTBOUND_ALLOWED_NETWORKS: " 10.0.0.0/8 ," };
    allowOutbound(env, ["http://127.0.0.1:3101/mcp", "http://127.0.0.1:3102/v1", "http://127.0.0.1:3101/other"]);
    expect(env.OUTBOUND_ALLOWED_NETWORKS).toBe("10.0.0.0/8,127.0.0.1:3101,127.0.0.1:3102");
  });

  it("writes IPv6 addresses in brackets and fills in the scheme's port", () => {
    expect(outboundEntry("http://[::1]:8080/mcp")).toBe("[::1]:8080");
    expect(outboundEntry("https://10.1.2.3/v1")).toBe("10.1.2.3:443");
    const env: Record<string, string | undefined> = {};
    allowOutbound(env, ["http://127.0.0.1/mcp"]);
    expect(env.OUTBOUND_ALLOWED_NETWORKS).toBe("127.0.0.1:80");
  });
});
