import type { Metadata } from "next";
import { SuiteFormPage } from "../../suite-form-page";

export const metadata: Metadata = { title: "Edit suite" };

export default async function EditSuitePage({ params }: { params: Promise<{ routineId: string; suiteId: string }> }) {
  const { routineId, suiteId } = await params;
  return <SuiteFormPage routineId={routineId} suiteId={suiteId} />;
}
