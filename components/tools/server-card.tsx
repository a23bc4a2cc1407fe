import Link from "next/link";
import { RelativeTimeLabel } from "@/components/routines/relative-time-label";
import { Alert, Badge, Card } from "@/components/ui";
import { ServerActionsBar } from "./server-actions-bar";
import { ServerStatusBadge } from "./server-status-badge";
import type { AllowedStdioCommand, ServerActions, ToolServerView } from "./tool-types";

type Props = {
  server: ToolServerView;
  actions: ServerActions;
  canManage: boolean;
  canRefresh: boolean;
  allowedCommands: AllowedStdioCommand[];
  linkToTools?: boolean;
};

/** How the app reaches a server, without secrets: the command line, or the URL and whether a token is set. */
export function transportSummary(server: ToolServerView): string {
  if (server.transport === "stdio") {
    const env = server.envKeys.length ? ` (env: ${server.envKeys.join(", ")})` : "";
    return `stdio · ${[server.command, ...server.args].join(" ")}${env}`;
  }
  const secrets = [server.hasToken ? "bearer token set" : "", server.hasUrlCredentials ? "URL credentials stored" : ""];
  const note = secrets.filter(Boolean).join(", ");
  return `Streamable HTTP · ${server.url}${note ? ` (${note})` : ""}`;
}

/** One tool server: status, tool count, last refresh, the last error, and what the viewer may do with it. */
export function ServerCard({ server, actions, canManage, canRefresh, allowedCommands, linkToTools = true }: Props) {
  return (
    <Card data-testid={`server-${server.name}`} className="p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold text-foreground">
              {linkToTools ? (
                <Link
                  href={`/tools/${server.id}`}
                  className="hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  data-testid={`server-link-${server.name}`}
                >
                  {server.name}
                </Link>
              ) : (
                server.name
              )}
            </h2>
            <ServerStatusBadge server={server} />
            {server.builtIn ? <Badge tone="accent">Demo · started by npm start</Badge> : null}
          </div>
          {server.description ? <p className="text-sm text-muted">{server.description}</p> : null}
          <p className="break-all font-mono text-xs text-muted" data-testid="server-transport">
            {transportSummary(server)}
          </p>
          <p className="text-xs text-muted">
            <span data-testid="server-tool-count">
              {server.toolCount} tool{server.toolCount === 1 ? "" : "s"}
            </span>
            {" · "}
            {server.lastRefreshAt ? (
              <>
                refreshed <RelativeTimeLabel iso={server.lastRefreshAt} />
              </>
            ) : (
              "never refreshed"
            )}
          </p>
        </div>
        <ServerActionsBar
          server={server}
          actions={actions}
          canManage={canManage}
          canRefresh={canRefresh}
          allowedCommands={allowedCommands}
        />
      </div>
      {server.status === "error" && server.lastError ? (
        <div className="mt-3">
          <Alert tone="error" title="The last refresh failed" testId="server-error">
            {server.lastError}
          </Alert>
        </div>
      ) : null}
    </Card>
  );
}
