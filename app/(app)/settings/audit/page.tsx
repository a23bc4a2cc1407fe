import type { Metadata } from "next";
import { AuditTable } from "@/components/admin/audit-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { toErrorState } from "@/lib/actions/action-state";
import { sectionAccess } from "@/lib/auth/server";
import { listAuditLog, type AuditEntry } from "@/lib/db";

export const metadata: Metadata = { title: "Audit log" };

export default async function AuditPage() {
  const { viewer, allowed } = await sectionAccess("settings");
  if (!allowed) return <AccessDenied sectionId="settings" viewer={viewer} />;
  let entries: AuditEntry[] = [];
  let loadError: string | null = null;
  try {
    entries = await listAuditLog({ limit: 200 });
  } catch (error) {
    loadError = toErrorState(error).message;
  }
  return (
    <>
      <PageHeader title="Audit log" description="The latest 200 events, newest first." />
      {loadError ? (
        <Alert tone="error" title="The audit log could not be loaded">{loadError}</Alert>
      ) : (
        <AuditTable
          rows={entries.map((entry) => ({
            id: entry.id,
            at: entry.at.toISOString(),
            action: entry.action,
            actorEmail: entry.actorEmail,
            targetLabel: entry.targetLabel,
            detail: entry.detail ? JSON.stringify(entry.detail) : null,
          }))}
        />
      )}
    </>
  );
}
