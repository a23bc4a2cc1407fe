import { History } from "lucide-react";
import { Card, EmptyState, Table, Td, Th } from "@/components/ui";

export type AuditRow = {
  id: string;
  at: string;
  action: string;
  actorEmail: string | null;
  targetLabel: string | null;
  detail: string | null;
};

const LABELS: Record<string, string> = {
  "auth.sign_in": "Signed in",
  "auth.sign_in_failed": "Failed sign-in",
  "auth.sign_out": "Signed out",
  "user.created": "Created user",
  "user.invited": "Invited user",
  "user.roles_changed": "Changed roles",
  "user.deactivated": "Deactivated user",
  "user.reactivated": "Reactivated user",
  "invitation.created": "New invitation link",
  "invitation.accepted": "Accepted invitation",
  "system.seeded": "Seeded user",
  "routine.created": "Created routine",
  "routine.duplicated": "Duplicated routine",
  "routine.archived": "Archived routine",
  "routine.restored": "Restored routine",
  "routine.tools_accepted": "Accepted changed tools",
  "tool_server.created": "Added tool server",
  "tool_server.updated": "Edited tool server",
  "tool_server.removed": "Removed tool server",
  "tool_server.enabled": "Enabled tool server",
  "tool_server.disabled": "Disabled tool server",
  "tool_server.refreshed": "Refreshed tools",
  "tool.tried": "Tried a tool",
  "tool.side_effects_set": "Set whether a tool changes data",
  "tool.side_effects_cleared": "Cleared a tool's side-effect override",
  "settings.llm_updated": "Changed model settings",
  "settings.memory_updated": "Changed procedure memory thresholds",
  "settings.publish_gate_updated": "Changed the publish gate's rule",
  "settings.mcp_visibility_updated": "Hid or showed a routine on MCP",
  "settings.context_updated": "Changed run context settings",
};

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  if (rows.length === 0) {
    return (
      <EmptyState icon={History} title="Nothing recorded yet">
        Sign-ins, changes to users and roles, and routines created or archived will be listed here.
      </EmptyState>
    );
  }
  return (
    <Card data-testid="audit-table">
      <Table>
        <thead>
          <tr>
            <Th>When (UTC)</Th>
            <Th>Who</Th>
            <Th>What</Th>
            <Th>Target</Th>
            <Th>Details</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="audit-row" data-action={row.action}>
              <Td className="whitespace-nowrap font-mono text-xs">{row.at.replace("T", " ").slice(0, 19)}</Td>
              <Td>{row.actorEmail ?? <span className="text-muted">system</span>}</Td>
              <Td className="whitespace-nowrap">{LABELS[row.action] ?? row.action}</Td>
              <Td>{row.targetLabel ?? <span className="text-muted">—</span>}</Td>
              <Td className="max-w-xs truncate text-xs text-muted" title={row.detail ?? undefined}>
                {row.detail ?? ""}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
