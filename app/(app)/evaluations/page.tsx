import { FlaskConical } from "lucide-react";
import type { Metadata } from "next";
import { SectionPage } from "@/components/shell/section-page";

export const metadata: Metadata = { title: "Evaluations" };

export default function EvaluationsPage() {
  return (
    <SectionPage
      sectionId="evaluations"
      icon={FlaskConical}
      title="No evaluation suites yet"
      notes={[
        {
          roles: ["author", "admin"],
          text: "As an author you will write test requests for your routines here and see their tool-call accuracy.",
        },
      ]}
      otherwise="As a reviewer you will read each routine's accuracy here before you approve it."
    />
  );
}
