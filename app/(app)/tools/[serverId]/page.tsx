import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AccessDenied } from "@/components/shell/access-denied";
import { ServerCard } from "@/components/tools/server-card";
import { toServerView } from "@/components/tools/to-view";
import { ToolList } from "@/components/tools/tool-list";
import { Alert } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { hasAnyRole } from "@/lib/access";
import { sectionAccess } from "@/lib/session";
import { getToolServer, listAllowedStdioCommands } from "@/lib/db/tools";
import { NotFoundError } from "@/lib/db/core";
import { setToolSideEffectsAction, tryToolAction } from "../actions";
import { serverActions } from "../server-actions";

export const metadata: Metadata = { title: "Tool server" };

/** One server's tools: parameters rendered readably, "try it" for admins (any tool) and operators (read-only ones). */
export default async function ToolServerPage({ params }: { params: Promise<{ serverId: string }> }) {
  const { viewer, allowed } = await sectionAccess("tools");
  if (!allowed) return <AccessDenied sectionId="tools" viewer={viewer} />;
  const { serverId } = await params;
  const result = await loadOrError(() =>
    getToolServer(viewer, serverId).catch((error: unknown) =>
      error instanceof NotFoundError ? null : Promise.reject(error),
    ),
  );
  if (result.error === null && result.data === null) notFound();
  const canManage = hasAnyRole(viewer.roles, ["admin"]);
  const canOperate = hasAnyRole(viewer.roles, ["admin", "operator"]);
  return (
    <div className="space-y-5" data-testid="tool-server-page">
      <Link
        href="/tools"
        className="inline-flex items-center gap-1 text-sm text-muted hover:text-foreground"
        data-testid="back-to-tools"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All tool servers
      </Link>
      {result.error !== null ? (
        <Alert tone="error" title="This server could not be loaded">
          {result.error}
        </Alert>
      ) : result.data ? (
        <>
          <ServerCard
            server={toServerView(result.data.server)}
            actions={serverActions}
            canManage={canManage}
            canRefresh={canOperate}
            allowedCommands={canManage ? listAllowedStdioCommands(viewer) : []}
            linkToTools={false}
          />
          {!result.data.server.enabled ? (
            <Alert tone="warning">
              This server is disabled: its tools are not in the palette and cannot be called.
            </Alert>
          ) : null}
          <ToolList
            serverId={result.data.server.id}
            serverName={result.data.server.name}
            tryPolicy={!result.data.server.enabled ? "none" : canManage ? "any" : canOperate ? "read-only" : "none"}
            tryAction={tryToolAction}
            canManage={canManage}
            sideEffectsAction={setToolSideEffectsAction}
            tools={result.data.tools.map((tool) => ({
              name: tool.name,
              title: tool.title,
              description: tool.description,
              inputSchema: tool.inputSchema,
              outputSchema: tool.outputSchema,
              annotations: tool.annotations,
              schemaError: tool.schemaError ?? null,
              hash: tool.hash,
              changedAt: tool.changedAt?.toISOString() ?? null,
              removedAt: tool.removedAt?.toISOString() ?? null,
              sideEffects: tool.sideEffects,
            }))}
          />
        </>
      ) : null}
    </div>
  );
}
