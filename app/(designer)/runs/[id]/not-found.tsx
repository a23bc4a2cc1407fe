import { SearchX } from "lucide-react";
import { ButtonLink, EmptyState } from "@/components/ui";

/** An unknown run, or one the viewer may not see: the same answer for both, so run ids cannot be probed. */
export default function RunNotFound() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20">
      <EmptyState
        icon={SearchX}
        title="Run not found"
        testId="run-not-found"
        action={<ButtonLink href="/runs">Go to runs</ButtonLink>}
      >
        <p>This run does not exist, or you do not have access to it.</p>
      </EmptyState>
    </div>
  );
}
