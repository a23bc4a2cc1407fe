import type { Metadata } from "next";
import { PublishGateForm } from "@/components/settings/publish-gate-form";
import { toSettingChangeView } from "@/components/settings/setting-change";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { getPublishGateRule } from "@/lib/db/reviews";
import { sectionAccess } from "@/lib/session";
import { updatePublishGateRuleAction } from "./actions";

export const metadata: Metadata = { title: "Publish gate" };

/** How the publish gate judges a version that scores lower than the published one. Admins only. */
export default async function PublishGateSettingsPage() {
  const { viewer, allowed } = await sectionAccess("settings");
  if (!allowed) return <AccessDenied sectionId="settings" viewer={viewer} />;
  const loaded = await loadOrError(() => getPublishGateRule(viewer));
  return (
    <div className="space-y-6" data-testid="publish-gate-page">
      <PageHeader
        title="Publish gate"
        description="Before a version is published, its evaluation suites are compared with the published version's. Choose what counts as lower."
      />
      {loaded.data === null ? (
        <Alert tone="error" title="The rule could not be loaded" testId="publish-gate-load-error">
          {loaded.error}
        </Alert>
      ) : (
        <PublishGateForm
          action={updatePublishGateRuleAction}
          view={{ rule: loaded.data.rule, ...toSettingChangeView(loaded.data) }}
        />
      )}
    </div>
  );
}
