import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ensureNode24 } from "../../../scripts/lib/node24.mjs";
import { ROOT } from "./helpers";

// The official MCP conformance suite drives scripts/mcp-conformance-client.ts (our gateway) through its client
// scenarios. The suite needs Node >= 22, fetched once by ensureNode24(); our client itself runs on this Node.
const node24 = ensureNode24();
const SUITE = path.join(ROOT, "node_modules/@modelcontextprotocol/conformance/dist/index.js");
const CLIENT = "node --import ./scripts/lib/server-only.mjs --import tsx scripts/mcp-conformance-client.ts";
const run = promisify(execFile);

describe.skipIf(!node24.path)(
  `MCP conformance, client scenarios${node24.path ? "" : ` (skipped: ${"reason" in node24 ? node24.reason : ""})`}`,
  () => {
    it.each(["initialize", "tools_call", "sse-retry"])(
      "passes %s",
      async (scenario) => {
        // No --output-dir: the suite writes result files only when asked, so nothing lands in the checkout.
        const outcome = await run(
          node24.path!,
          [SUITE, "client", "--command", CLIENT, "--scenario", scenario, "--timeout", "20000"],
          {
            cwd: ROOT,
            timeout: 40_000,
            env: { ...process.env, NODE_NO_WARNINGS: "1" },
          },
        ).then(
          ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
          (error: { code?: number; stdout?: string; stderr?: string }) => ({
            code: error.code ?? -1,
            output: `${error.stdout ?? ""}${error.stderr ?? ""}`,
          }),
        );
        expect(outcome.output).toMatch(/OVERALL: PASSED/);
        expect(outcome.output).toMatch(/Passed: (\d+)\/\1, 0 failed, 0 warnings/);
        expect(outcome.code).toBe(0);
      },
      45_000,
    );
  },
);
