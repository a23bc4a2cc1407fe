import "server-only";
import { randomUUID } from "node:crypto";
import { DEMO_HR_SERVER } from "../hr-tools";
import { prisma } from "../../db/core";
import { refreshServerTools, type RefreshOutcome } from "../../db/tools";

/**
 * Registers the demo HR MCP server that the start command runs, as the default server named "hr" (the name
 * the demo routines use), and refreshes its tools. Idempotent: a later start updates the address (the port
 * may differ) and keeps whether an admin disabled it. Internal: the start command calls it, not a user.
 */
export async function registerDemoToolServer(url: string): Promise<RefreshOutcome> {
  const existing = await prisma.toolServer.findUnique({ where: { name: DEMO_HR_SERVER } });
  if (existing && !existing.builtIn) {
    return {
      ok: false,
      error: `A server named "${DEMO_HR_SERVER}" was registered by an admin; the demo HR server was not registered.`,
    };
  }
  const server = existing
    ? await prisma.toolServer.update({
        where: { id: existing.id },
        data: { url, transport: "http", command: null, args: "[]" },
      })
    : await prisma.toolServer.create({
        data: {
          id: randomUUID(),
          name: DEMO_HR_SERVER,
          description:
            "Demo HR tools (employees, leave, payroll, training, reports) over a seeded data set. Started by npm start.",
          transport: "http",
          url,
          builtIn: true,
        },
      });
  if (!server.enabled) return { ok: true, toolCount: server.toolCount, added: [], changed: [], removed: [] };
  return refreshServerTools(server);
}
