import type { Metadata } from "next";
import { headers } from "next/headers";
import { McpClientConfig } from "@/components/settings/integrations/mcp-client-config";
import { McpEndpointCard } from "@/components/settings/integrations/mcp-endpoint-card";
import { McpRoutinesTable, type McpRoutineRow } from "@/components/settings/integrations/mcp-routines-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { getMcpExposure } from "@/lib/db/integrations";
import { sectionAccess } from "@/lib/session";
import { setRoutineMcpHiddenAction } from "./actions";

export const metadata: Metadata = { title: "Integrations" };

const MCP_PATH = "/api/mcp";

/**
 * The MCP endpoint's absolute URL: under BETTER_AUTH_URL's origin (the public origin sign-in already requires), or
 * else the origin this request reached, as the endpoint itself decides (lib/api/same-origin.ts).
 */
async function mcpEndpointUrl(): Promise<string> {
  const configured = process.env.BETTER_AUTH_URL;
  if (configured) {
    try {
      return new URL(MCP_PATH, new URL(configured).origin).toString();
    } catch {
      // An unparsable setting fails sign-in loudly elsewhere; the request's own origin is the fallback here too.
    }
  }
  const requestHeaders = await headers();
  const host = requestHeaders.get("x-forwarded-host") ?? requestHeaders.get("host") ?? "localhost";
  const protocol = requestHeaders.get("x-forwarded-proto") ?? "http";
  return new URL(MCP_PATH, `${protocol}://${host}`).toString();
}

/**
 * Settings → Integrations: the MCP endpoint of published routines, a client configuration to copy, and which
 * routines it offers as tools (an admin may hide one; one whose inputs make no schema is left out, with why).
 * Admins only; the DAL checks again.
 */
export default async function IntegrationsSettingsPage() {
  const { viewer, allowed } = await sectionAccess("settings");
  if (!allowed) return <AccessDenied sectionId="settings" viewer={viewer} />;
  const [endpoint, loaded] = await Promise.all([mcpEndpointUrl(), loadOrError(() => getMcpExposure(viewer))]);
  return (
    <div className="space-y-6" data-testid="integrations-page">
      <PageHeader
        title="Integrations"
        description="AI assistants and agents that speak MCP (Model Context Protocol) can run the published routines as tools, each run checked and recorded like any other."
      />
      <McpEndpointCard endpoint={endpoint} />
      <McpClientConfig endpoint={endpoint} />
      {loaded.data === null ? (
        <Alert tone="error" title="The published routines could not be loaded" testId="integrations-load-error">
          {loaded.error}
        </Alert>
      ) : (
        <McpRoutinesTable rows={loaded.data.map(toRow)} setHidden={setRoutineMcpHiddenAction} />
      )}
    </div>
  );
}

function toRow(entry: Awaited<ReturnType<typeof getMcpExposure>>[number]): McpRoutineRow {
  return {
    routineId: entry.routineId,
    routineName: entry.routineName,
    versionNumber: entry.versionNumber,
    toolName: entry.toolName,
    hidden: entry.hidden,
    readOnly: entry.readOnly,
    waitsForPeople: entry.waitsForPeople,
    excludedReason:
      entry.tool === null ? (entry.excludedReason ?? "Its inputs cannot become a tool's arguments.") : null,
  };
}
