import { Badge } from "@/components/ui";
import { lifecycleStatus } from "@/lib/review-rules";

/** A version's status as a badge: "Changes requested" for a draft a reviewer sent back. */
export function LifecycleBadge({
  status,
  latestDecision,
  testId = "version-status",
}: {
  status: string;
  latestDecision?: string | null;
  testId?: string;
}) {
  const info = lifecycleStatus(status, latestDecision);
  return (
    <Badge tone={info.tone} data-testid={testId} data-status={info.key}>
      {info.label}
    </Badge>
  );
}
