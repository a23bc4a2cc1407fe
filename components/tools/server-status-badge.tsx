import { Badge } from "@/components/ui";
import type { ToolServerView } from "./tool-types";

/** Connected / Error / Not checked yet, or Disabled when an admin switched the server off. */
export function ServerStatusBadge({ server }: { server: Pick<ToolServerView, "status" | "enabled"> }) {
  if (!server.enabled) return <Badge data-testid="server-status">Disabled</Badge>;
  if (server.status === "connected")
    return (
      <Badge tone="success" data-testid="server-status">
        Connected
      </Badge>
    );
  if (server.status === "error")
    return (
      <Badge tone="danger" data-testid="server-status">
        Error
      </Badge>
    );
  return (
    <Badge tone="warning" data-testid="server-status">
      Not checked yet
    </Badge>
  );
}
