import { FileQuestion } from "lucide-react";
import { ButtonLink, EmptyState } from "@/components/ui";

/** An unknown routine or a version number the routine does not have. */
export default function VersionNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20">
      <EmptyState
        icon={FileQuestion}
        title="No such version"
        testId="review-not-found"
        action={<ButtonLink href="/routines">Back to the routines</ButtonLink>}
      >
        <p>
          This routine does not have that version, or the routine no longer exists. Its version history lists the
          versions there are.
        </p>
      </EmptyState>
    </div>
  );
}
