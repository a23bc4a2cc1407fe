import { notFound } from "next/navigation";
import { SuiteForm } from "@/components/evals/suites/suite-form";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, Card, CardBody, CardHeader } from "@/components/ui";
import { hasAnyRole, WRITER_ROLES } from "@/lib/access";
import { loadOrError } from "@/lib/actions";
import { NotFoundError } from "@/lib/db/core";
import { getEvaluationRoutine, getSuite } from "@/lib/db/evals";
import { resolveLlmConfig } from "@/lib/db/llm";
import { contextSettingsInEffect } from "@/lib/runs/operations";
import { DEFAULT_CONTEXT_SETTINGS } from "@/lib/context-modes";
import { sectionAccess } from "@/lib/session";
import { saveSuiteAction } from "./actions";

/** The new-suite and edit-suite pages: the same form, empty or filled. Authors and admins only. */
export async function SuiteFormPage({ routineId, suiteId }: { routineId: string; suiteId: string | null }) {
  const { viewer, allowed } = await sectionAccess("evaluations");
  if (!allowed) return <AccessDenied sectionId="evaluations" viewer={viewer} />;
  if (!hasAnyRole(viewer.roles, WRITER_ROLES))
    return (
      <Alert tone="warning" title="Only authors and admins edit suites" testId="suite-form-denied">
        You can run the routine&apos;s suites and read their results.
      </Alert>
    );
  const loaded = await loadOrError(async () => {
    try {
      const [routine, suite] = await Promise.all([
        getEvaluationRoutine(viewer, routineId),
        suiteId ? getSuite(viewer, suiteId) : Promise.resolve(null),
      ]);
      if (suite && suite.routineId !== routineId) return null;
      return { routine, suite };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  });
  if (loaded.error !== null)
    return (
      <Alert tone="error" title="The suite could not be loaded" testId="suite-form-load-error">
        {loaded.error}
      </Alert>
    );
  if (!loaded.data) notFound();
  const { routine, suite } = loaded.data;
  const defaultModel = await resolveLlmConfig("executor")
    .then((config) => config?.model ?? null)
    .catch(() => null);
  const defaultContextMode = await contextSettingsInEffect()
    .then((settings) => settings.mode)
    .catch(() => DEFAULT_CONTEXT_SETTINGS.mode);
  return (
    <Card>
      <CardHeader
        title={suite ? `Edit “${suite.name}”` : "New suite"}
        description="Runs started before an edit keep the configurations they ran with."
      />
      <CardBody>
        <SuiteForm
          routineId={routine.id}
          suite={suite}
          versions={routine.versions}
          defaultModel={defaultModel}
          defaultContextMode={defaultContextMode}
          action={saveSuiteAction}
        />
      </CardBody>
    </Card>
  );
}
