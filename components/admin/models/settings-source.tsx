import { Alert, Badge } from "@/components/ui";
import type { ModelSettingsFormView } from "./model-types";

const LABELS = {
  database: "Saved in the database",
  environment: "From environment variables",
  none: "Not configured",
} as const;
const TONES = { database: "success", environment: "accent", none: "warning" } as const;

/** Where the settings in effect come from, and what saving here changes. */
export function SettingsSource({ view }: { view: ModelSettingsFormView }) {
  return (
    <div className="space-y-3" data-testid="models-source" data-source={view.source}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
        <Badge tone={TONES[view.source]} data-testid="models-source-badge">
          {LABELS[view.source]}
        </Badge>
        {view.source === "database" && view.updatedAt ? (
          <span>
            Last saved {view.updatedAt.replace("T", " ").slice(0, 16)} UTC
            {view.updatedBy ? ` by ${view.updatedBy}` : ""}. These settings override the OPENAI_* environment variables.
          </span>
        ) : view.source === "environment" ? (
          <span>
            OPENAI_BASE_URL, OPENAI_API_KEY and OPENAI_&lt;ROLE&gt;_MODEL are in use. Saving here moves the settings to
            the database, which then overrides them.
          </span>
        ) : (
          <span>
            No role can call a model yet. Enter the base URL and at least the planner model, or set OPENAI_BASE_URL and
            OPENAI_PLANNER_MODEL.
          </span>
        )}
      </div>
      {view.notes.map((note) => (
        <Alert key={note} tone="warning" testId="models-note">
          {note}
        </Alert>
      ))}
    </div>
  );
}
