import type { Metadata } from "next";
import { SuiteFormPage } from "../suite-form-page";

export const metadata: Metadata = { title: "New suite" };

export default async function NewSuitePage({ params }: { params: Promise<{ routineId: string }> }) {
  const { routineId } = await params;
  return <SuiteFormPage routineId={routineId} suiteId={null} />;
}
