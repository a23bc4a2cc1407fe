import type { ReactNode } from "react";
import Link from "next/link";
import { EvaluationTabs } from "@/components/evals/suites/evaluation-tabs";
import { PageHeader } from "@/components/ui";
import { getEvaluationRoutine } from "@/lib/db/evals";
import { getViewer } from "@/lib/session";

/**
 * A routine's evaluations: its name and the Cases | Suites tabs over each tab's page. The pages check access and
 * show their own errors; the header falls back to a plain title when the routine cannot be read here.
 */
export default async function RoutineEvaluationLayout({
  params,
  children,
}: {
  params: Promise<{ routineId: string }>;
  children: ReactNode;
}) {
  const { routineId } = await params;
  const viewer = await getViewer();
  const routine = viewer ? await getEvaluationRoutine(viewer, routineId).catch(() => null) : null;
  return (
    <div data-testid="routine-evaluation">
      <p className="mb-2 text-sm">
        <Link href="/evaluations" className="text-muted hover:text-foreground hover:underline">
          ← Evaluations
        </Link>
      </p>
      <PageHeader
        title={routine ? routine.name : "Evaluation"}
        description="Test cases of this routine, and suites that run them under each version, model and mode."
      />
      {routine ? <EvaluationTabs routineId={routine.id} /> : null}
      {children}
    </div>
  );
}
