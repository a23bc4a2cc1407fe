import type { Metadata } from "next";
import { TrainingExportForm } from "@/components/evals/export/training-export-form";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { listTrainingExportOptions, summarizeTrainingExport } from "@/lib/db/evals";
import { sectionAccess } from "@/lib/session";
import { summarizeTrainingExportAction } from "./actions";

export const metadata: Metadata = { title: "Export training data" };

/**
 * Good runs as fine-tuning data: the filter, the examples it takes and what it left out, and a download streamed by
 * GET /api/evaluations/export. Authors, reviewers and admins (the Evaluations section's roles).
 */
export default async function TrainingExportPage() {
  const { viewer, allowed } = await sectionAccess("evaluations");
  if (!allowed) return <AccessDenied sectionId="evaluations" viewer={viewer} />;
  const [options, summary] = await Promise.all([
    loadOrError(() => listTrainingExportOptions(viewer)),
    loadOrError(() => summarizeTrainingExport(viewer, {})),
  ]);
  return (
    <div data-testid="training-export-page">
      <PageHeader
        title="Export training data"
        description="Runs that finished well, and evaluation runs whose case passed, as JSONL for fine-tuning a model: OpenAI's chat format or LLaMA-Factory's, with or without the routine in the system prompt."
      />
      {options.error !== null || summary.error !== null ? (
        <Alert tone="error" title="The export could not be prepared" testId="export-error">
          {options.error ?? summary.error}
        </Alert>
      ) : (
        <TrainingExportForm
          routines={options.data.routines}
          models={options.data.models}
          initialSummary={summary.data}
          summaryAction={summarizeTrainingExportAction}
        />
      )}
    </div>
  );
}
