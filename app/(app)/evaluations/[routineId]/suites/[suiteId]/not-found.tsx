import { FlaskConical } from "lucide-react";
import { ButtonLink, EmptyState } from "@/components/ui";

export default function SuiteNotFound() {
  return (
    <EmptyState
      icon={FlaskConical}
      title="This suite does not exist"
      testId="suite-not-found"
      action={
        <ButtonLink href="/evaluations" variant="secondary">
          Back to the evaluations
        </ButtonLink>
      }
    >
      It may have been deleted with its results.
    </EmptyState>
  );
}
