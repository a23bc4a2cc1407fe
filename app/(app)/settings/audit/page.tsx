import type { Metadata } from "next";
import { AuditTable } from "@/components/admin/audit-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { sectionAccess } from "@/lib/session";
import { listAuditLog } from "@/lib/db/audit";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  const { viewer, allowed } = await sectionAccess("settings");
  if (!allowed) return <AccessDenied sectionId="settings" viewer={viewer} />;
  const entries = await loadOrError(() => listAuditLog(viewer, { limit: 200 }));
  return (
    <>
      <PageHeader title="Audit log" description="The latest 200 events, newest first." />
      {entries.data === null ? (
        <Alert tone="error" title="The audit log could not be loaded">
          {entries.error}
        </Alert>
      ) : (
        <AuditTable
          rows={entries.data.map((entry) => ({
            id: entry.id,
            at: entry.at.toISOString(),
            action: entry.action,
            actorEmail: entry.actorEmail,
            targetLabel: entry.targetLabel,
            detail: entry.detail ? describeDetail(entry.detail) : null,
          }))}
        />
      )}
    </>
  );
}

/** `{ before: ["author"], after: ["operator"] }` → "before: author · after: operator". */
function describeDetail(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(", ") || "none" : String(value)}`)
    .join(" · ");
}
