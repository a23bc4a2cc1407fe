import type { Metadata } from "next";
import { MemoryThresholdsForm } from "@/components/memory/memory-thresholds-form";
import { RetrievalTester } from "@/components/memory/retrieval-tester";
import { toSettingChangeView } from "@/components/settings/setting-change";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { getMemoryThresholds } from "@/lib/db/memory";
import { sectionAccess } from "@/lib/session";
import { tryRetrievalAction, updateMemoryThresholdsAction } from "./actions";

export const metadata: Metadata = { title: "Procedure memory" };

/**
 * Calibration of procedure memory: try requests against the published routines and tune the thresholds that decide
 * match, ambiguous or none. Admins only; the DAL checks again on every read and write.
 */
export default async function MemorySettingsPage() {
  const { viewer, allowed } = await sectionAccess("settings");
  if (!allowed) return <AccessDenied sectionId="settings" viewer={viewer} />;
  const thresholds = await loadOrError(() => getMemoryThresholds(viewer));
  return (
    <div className="space-y-6" data-testid="memory-page">
      <PageHeader
        title="Procedure memory"
        description="How a request finds its published routine: try requests, read the scores, and set when a match is good enough."
      />
      <RetrievalTester action={tryRetrievalAction} />
      {thresholds.data === null ? (
        <Alert tone="error" title="The thresholds could not be loaded" testId="memory-load-error">
          {thresholds.error}
        </Alert>
      ) : (
        <MemoryThresholdsForm
          action={updateMemoryThresholdsAction}
          view={{ thresholds: thresholds.data.thresholds, ...toSettingChangeView(thresholds.data) }}
        />
      )}
    </div>
  );
}
