import Link from "next/link";
import { Alert } from "@/components/ui";
import { resolveLlmConfig } from "@/lib/db/llm";
import type { EvalMode } from "@/lib/evaluations/scoring";
import { modelEnvVar } from "@/lib/llm";

/**
 * Whether runs reach an executor model: a base URL and the executor role's model, saved in Settings → Models or
 * given by the environment, as the run worker resolves them. A saved key that can no longer be read counts as not
 * configured: runs would fail on it.
 */
async function executorConfigured(): Promise<boolean> {
  try {
    // Only whether it resolves leaves this function: the config (with its key) never reaches the page.
    return (await resolveLlmConfig("executor")) !== null;
  } catch {
    return false;
  }
}

/**
 * A server component: when no executor model is configured, says that suites in agent and baseline mode need one and
 * where to set it (a link to Settings → Models for admins, who may open it; others are told to ask one). Renders
 * nothing when a model is configured, or when `modes` (a suite's configurations) are all workflow mode, which runs
 * routines that need no model without one.
 */
export async function ModelNotice({
  canConfigure,
  modes,
  className,
}: {
  canConfigure: boolean;
  modes?: readonly EvalMode[];
  className?: string;
}) {
  if (modes && modes.every((mode) => mode === "workflow")) return null;
  if (await executorConfigured()) return null;
  const notice = (
    <Alert tone="warning" title="No model is configured" testId="model-notice">
      Suites in agent and baseline mode need one: the executor model makes every call, with the routine or without it.{" "}
      {canConfigure ? (
        <>
          Set the executor model in{" "}
          <Link href="/settings/models" className="font-medium underline" data-testid="model-notice-link">
            Settings → Models
          </Link>{" "}
          (or the environment variables OPENAI_BASE_URL, OPENAI_API_KEY and {modelEnvVar("executor")}).
        </>
      ) : (
        <>Ask an admin to set the executor model in Settings → Models.</>
      )}
    </Alert>
  );
  return className ? <div className={className}>{notice}</div> : notice;
}
