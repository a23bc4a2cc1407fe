import { Badge } from "@/components/ui";
import { lifecycleStatus } from "@/lib/review-rules";

type Props = {
  status: string;
  archived: boolean;
  /** The latest reviewer decision on the working version: a draft sent back reads "Changes requested". */
  latestDecision?: string | null;
  /** The number of the version that runs, shown as "published vN" beside a working version that is not it. */
  publishedVersionNumber?: number | null;
  openCommentCount?: number;
};

/** The working version's review status (unless it is the published one), the published version, open comments, and "Archived" for an archived routine. */
export function StatusBadge({
  status,
  archived,
  latestDecision,
  publishedVersionNumber = null,
  openCommentCount = 0,
}: Props) {
  const info = lifecycleStatus(status, latestDecision);
  // A working version that is the published one needs one badge, "published vN", not two.
  const statusShown = !(info.key === "published" && publishedVersionNumber !== null);
  return (
    <span className="inline-flex flex-wrap gap-1">
      {statusShown ? (
        <Badge tone={info.tone} data-testid="routine-status" data-status={info.key}>
          {info.label}
        </Badge>
      ) : null}
      {publishedVersionNumber !== null ? (
        <Badge
          tone="success"
          data-testid="routine-published"
          title={`Version ${publishedVersionNumber} is the one that runs`}
        >
          published v{publishedVersionNumber}
        </Badge>
      ) : null}
      {openCommentCount > 0 ? (
        <Badge tone="accent" data-testid="routine-open-comments" title="Open review comments on the working version">
          {openCommentCount === 1 ? "1 comment" : `${openCommentCount} comments`}
        </Badge>
      ) : null}
      {archived ? (
        <Badge tone="warning" data-testid="routine-archived">
          Archived
        </Badge>
      ) : null}
    </span>
  );
}
