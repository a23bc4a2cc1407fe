import type { Metadata } from "next";
import { ConnectionTests } from "@/components/admin/models/connection-tests";
import { ExchangeRetentionForm } from "@/components/admin/models/exchange-retention-form";
import { ModelSettingsForm } from "@/components/admin/models/model-settings-form";
import type { ModelSettingsFormView } from "@/components/admin/models/model-types";
import { ModelUsage } from "@/components/admin/models/model-usage";
import { SettingsSource } from "@/components/admin/models/settings-source";
import { RunContextForm } from "@/components/settings/run-context-form";
import { toSettingChangeView } from "@/components/settings/setting-change";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { sectionAccess } from "@/lib/session";
import {
  getExchangeRetention,
  getLlmSettingsView,
  listLlmUsage,
  MAX_EXCHANGE_RETENTION_DAYS,
  type LlmSettingsView,
} from "@/lib/db/llm";
import { getRunContextSettings } from "@/lib/runs/operations";
import { LLM_ROLE_LABELS, LLM_ROLES, modelEnvVar } from "@/lib/llm";
import {
  testLlmConnectionAction,
  updateExchangeRetentionAction,
  updateLlmSettingsAction,
  updateRunContextAction,
} from "./actions";

export const metadata: Metadata = { title: "Models" };

function toFormView(view: LlmSettingsView): ModelSettingsFormView {
  return {
    source: view.source,
    baseUrl: view.baseUrl,
    hasApiKey: view.hasApiKey,
    hasUrlCredentials: view.hasUrlCredentials,
    roles: LLM_ROLES.map((role) => ({
      role,
      ...LLM_ROLE_LABELS[role],
      ...view.roles[role],
      modelEnvVar: modelEnvVar(role),
    })),
    updatedAt: view.updatedAt?.toISOString() ?? null,
    updatedBy: view.updatedBy,
    notes: view.notes,
  };
}

/** The model endpoint, its API key and each role's model. Admins only; the DAL checks again on every read and write. */
export default async function ModelSettingsPage() {
  const { viewer, allowed } = await sectionAccess("settings");
  if (!allowed) return <AccessDenied sectionId="settings" viewer={viewer} />;
  const [settings, usage, retention, context] = await Promise.all([
    loadOrError(() => getLlmSettingsView(viewer)),
    loadOrError(() => listLlmUsage(viewer, { limit: 25 })),
    loadOrError(() => getExchangeRetention(viewer)),
    loadOrError(() => getRunContextSettings(viewer)),
  ]);
  const view = settings.data ? toFormView(settings.data) : null;
  return (
    <div className="space-y-6" data-testid="models-page">
      <PageHeader
        title="Models"
        description="The OpenAI-compatible endpoint the planner and the runner call, and the model each role uses."
      />
      {view === null ? (
        <Alert tone="error" title="The model settings could not be loaded" testId="models-load-error">
          {settings.error}
        </Alert>
      ) : (
        <>
          <SettingsSource view={view} />
          <ModelSettingsForm action={updateLlmSettingsAction} view={view} />
          <ConnectionTests roles={view.roles} action={testLlmConnectionAction} />
        </>
      )}
      {context.data === null ? (
        <Alert tone="error" title="The run context settings could not be loaded" testId="run-context-load-error">
          {context.error}
        </Alert>
      ) : (
        <RunContextForm
          action={updateRunContextAction}
          view={{
            settings: context.data.settings,
            ...toSettingChangeView(context.data),
            // Unknown when the model settings did not load: no hint rather than a wrong one.
            compressorConfigured: settings.data?.roles.compressor.configured ?? true,
          }}
        />
      )}
      {retention.data === null ? (
        <Alert
          tone="error"
          title="The model exchange retention could not be loaded"
          testId="exchange-retention-load-error"
        >
          {retention.error}
        </Alert>
      ) : (
        <ExchangeRetentionForm
          action={updateExchangeRetentionAction}
          view={{
            days: retention.data.days,
            isDefault: retention.data.isDefault,
            maxDays: MAX_EXCHANGE_RETENTION_DAYS,
          }}
        />
      )}
      {usage.data === null ? (
        <Alert tone="error" title="The model calls could not be loaded">
          {usage.error}
        </Alert>
      ) : (
        <ModelUsage
          totals={LLM_ROLES.map((role) => ({ role, title: LLM_ROLE_LABELS[role].title, ...usage.data.totals[role] }))}
          calls={usage.data.calls.map((call) => ({ ...call, at: call.at.toISOString() }))}
        />
      )}
    </div>
  );
}
