import { Badge } from "@/components/ui";

type Tone = "neutral" | "accent" | "success" | "warning" | "danger";

const STATUS: Record<string, { label: string; tone: Tone }> = {
  draft: { label: "Draft", tone: "neutral" },
  in_review: { label: "In review", tone: "warning" },
  approved: { label: "Approved", tone: "accent" },
  published: { label: "Published", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  archived: { label: "Archived", tone: "neutral" },
};

/** The working version's review status, plus "Archived" when the routine itself is archived. */
export function StatusBadge({ status, archived }: { status: string; archived: boolean }) {
  const info = STATUS[status] ?? { label: status, tone: "neutral" as const };
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={info.tone} data-testid="routine-status" data-status={status}>
        {info.label}
      </Badge>
      {archived ? (
        <Badge tone="warning" data-testid="routine-archived">
          Archived
        </Badge>
      ) : null}
    </span>
  );
}
