/** Where a routine's working version stands, as people say it: a draft sent back is "changes requested". */
export type LifecycleKey =
  "draft" | "changes_requested" | "in_review" | "approved" | "published" | "rejected" | "archived";

export type LifecycleTone = "neutral" | "accent" | "success" | "warning" | "danger";

export type LifecycleStatus = { key: LifecycleKey; label: string; tone: LifecycleTone };

const LABELS: Record<LifecycleKey, { label: string; tone: LifecycleTone }> = {
  draft: { label: "Draft", tone: "neutral" },
  changes_requested: { label: "Changes requested", tone: "danger" },
  in_review: { label: "In review", tone: "warning" },
  approved: { label: "Approved", tone: "accent" },
  published: { label: "Published", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
  archived: { label: "Archived", tone: "neutral" },
};

/**
 * The label of a version's status. A draft whose latest reviewer decision is "changes_requested" was sent back
 * and says so until it is submitted again (a draft the author withdrew, or never submitted, is a plain draft).
 * Unknown statuses read as themselves rather than failing the page.
 */
export function lifecycleStatus(status: string, latestDecision?: string | null): LifecycleStatus {
  if (status === "draft" && latestDecision === "changes_requested")
    return { key: "changes_requested", ...LABELS.changes_requested };
  const key = status as LifecycleKey;
  return Object.hasOwn(LABELS, key) ? { key, ...LABELS[key] } : { key: "draft", label: status, tone: "neutral" };
}

/**
 * Why the designer is read only, or null when the viewer edits: the version's state first (it applies to
 * everyone), then the viewer's role.
 */
export function readOnlyReason(input: {
  status: string;
  archived: boolean;
  canEdit: boolean;
  versionNumber: number;
  canWithdraw: boolean;
}): string | null {
  if (input.canEdit) return null;
  if (input.archived) return "Read only: this routine is archived. Restore it from the library to edit it.";
  if (input.status === "in_review") {
    return input.canWithdraw ? "Read only while in review: withdraw it to edit." : "Read only while in review.";
  }
  if (input.status === "approved" || input.status === "published" || input.status === "rejected") {
    return `Read only: version ${input.versionNumber} is ${input.status}. Start a new draft to change it.`;
  }
  return "Read only: only authors edit drafts.";
}
