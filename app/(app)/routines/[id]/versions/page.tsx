import type { Metadata } from "next";
import { ChevronLeft } from "lucide-react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PublicationHistory, VersionTable } from "@/components/review/version-history";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, Badge, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { hasAnyRole } from "@/lib/access";
import { sectionAccess } from "@/lib/session";
import { getRoutineForEditing, routineExists } from "@/lib/db/library";
import { getDefaultModes, listRoutineVersions } from "@/lib/db/reviews";
import { publishVersionAction, startNewDraftAction } from "@/app/(designer)/routines/[id]/review-actions";
import { DefaultModeSetting } from "@/components/runs/default-mode-setting";
import { setDefaultModeAction } from "./default-mode-actions";

export const metadata: Metadata = { title: "Versions" };

/**
 * A routine's versions and publications. Everyone who opens routines reads it; reviewers and admins publish or
 * roll back approved versions, authors and admins start a new draft from any version (the actions check again).
 */
export default async function VersionsPage({ params }: { params: Promise<{ id: string }> }) {
  const { viewer, allowed } = await sectionAccess("routines");
  if (!allowed) return <AccessDenied sectionId="routines" viewer={viewer} />;
  const { id } = await params;
  if (!(await routineExists(viewer, id).catch(() => true))) notFound();
  const [history, working, modes] = await Promise.all([
    loadOrError(() => listRoutineVersions(viewer, id)),
    loadOrError(() => getRoutineForEditing(viewer, id)),
    loadOrError(() => getDefaultModes(viewer, id)),
  ]);
  if (history.error !== null || working.error !== null) {
    return (
      <Alert tone="error" title="The versions could not be loaded" testId="versions-error">
        {history.error ?? working.error}
      </Alert>
    );
  }
  const data = history.data;
  const canPublish = hasAnyRole(viewer.roles, ["reviewer", "admin"]) && !data.archived;
  return (
    <div className="space-y-6" data-testid="versions-page">
      <Link
        href={`/routines/${encodeURIComponent(id)}`}
        prefetch={false}
        className="inline-flex items-center gap-1 text-sm text-muted hover:text-foreground"
        data-testid="versions-back"
      >
        <ChevronLeft className="size-4" aria-hidden="true" /> {data.name}
      </Link>
      <PageHeader
        title={`Versions of ${data.name}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            Working version v{data.workingVersionNumber}.
            {data.publishedVersionNumber !== null ? (
              <Badge tone="success" data-testid="versions-published">
                published v{data.publishedVersionNumber}
              </Badge>
            ) : (
              <span>Nothing published yet.</span>
            )}
            {data.archived ? <Badge tone="warning">Archived</Badge> : null}
          </span>
        }
      />
      {modes.error !== null ? (
        <Alert tone="error" title="The default run mode could not be read" testId="default-mode-load-error">
          {modes.error}
        </Alert>
      ) : (
        <DefaultModeSetting
          routineId={id}
          modes={modes.data}
          canEdit={hasAnyRole(viewer.roles, ["author", "admin"]) && !data.archived}
          action={setDefaultModeAction}
        />
      )}
      <VersionTable
        history={data}
        canPublish={canPublish}
        canStartDraft={working.data.lifecycle.startDraft.allowed}
        actions={{ publish: publishVersionAction, startDraft: startNewDraftAction }}
      />
      <PublicationHistory publications={data.publications} />
    </div>
  );
}
