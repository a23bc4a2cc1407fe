import { Wrench } from "lucide-react";
import type { Metadata } from "next";
import { AccessDenied } from "@/components/shell/access-denied";
import { AddServerButton } from "@/components/tools/add-server-button";
import { ServerCard } from "@/components/tools/server-card";
import { toServerView } from "@/components/tools/to-view";
import { Alert, EmptyState, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { hasAnyRole } from "@/lib/access";
import { sectionAccess } from "@/lib/session";
import { listAllowedStdioCommands, listToolServers } from "@/lib/db/tools";
import { createToolServerAction } from "./actions";
import { serverActions } from "./server-actions";

export const metadata: Metadata = { title: "Tools" };

/** The MCP servers routines call: everyone signed in browses; admins register and manage; operators refresh. */
export default async function ToolsPage() {
  const { viewer, allowed } = await sectionAccess("tools");
  if (!allowed) return <AccessDenied sectionId="tools" viewer={viewer} />;
  const canManage = hasAnyRole(viewer.roles, ["admin"]);
  const canRefresh = hasAnyRole(viewer.roles, ["admin", "operator"]);
  const allowedCommands = canManage ? listAllowedStdioCommands(viewer) : [];
  const servers = await loadOrError(() => listToolServers(viewer));
  return (
    <div data-testid="tools-page">
      <PageHeader
        title="Tools"
        description="The MCP servers your routines call. Open a server to read its tools' parameters and try them."
        actions={
          canManage ? <AddServerButton action={createToolServerAction} allowedCommands={allowedCommands} /> : null
        }
      />
      {servers.error !== null ? (
        <Alert tone="error" title="The tool servers could not be loaded">
          {servers.error}
        </Alert>
      ) : servers.data.length === 0 ? (
        <EmptyState icon={Wrench} title="No tool servers registered" testId="tools-empty">
          {canManage
            ? "Add an MCP server (a URL, or a command from the allowlist); its tools then appear in every routine designer."
            : "Once an admin registers tool servers, you can browse their tools and parameters here."}
        </EmptyState>
      ) : (
        <div className="space-y-4" data-testid="server-list">
          {servers.data.map((server) => (
            <ServerCard
              key={server.id}
              server={toServerView(server)}
              actions={serverActions}
              canManage={canManage}
              canRefresh={canRefresh}
              allowedCommands={allowedCommands}
            />
          ))}
        </div>
      )}
    </div>
  );
}
