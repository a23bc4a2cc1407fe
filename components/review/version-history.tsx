import { Eye } from "lucide-react";
import Link from "next/link";
import { RelativeTimeLabel } from "@/components/routines/relative-time-label";
import { Badge, ButtonLink, Card, CardHeader, Table, Td, Th } from "@/components/ui";
import type { PublicationView, RoutineVersionHistory, VersionSummary } from "@/lib/db/reviews";
import { LifecycleBadge } from "./lifecycle-badge";
import type { FormAction } from "./review-types";
import { PublishButton, StartDraftButton } from "./version-buttons";

type Props = {
  history: RoutineVersionHistory;
  /** Publish (or roll back to) approved versions: reviewers and admins. */
  canPublish: boolean;
  /** Start a new draft from a version: authors and admins while the working version is not a draft or in review. */
  canStartDraft: boolean;
  actions: { publish: FormAction; startDraft: FormAction };
};

const iso = (date: Date) => new Date(date).toISOString();

/** Every version of a routine: where it stands, who wrote, optimized and approved it, and what can be done with it. */
export function VersionTable({ history, canPublish, canStartDraft, actions }: Props) {
  const reviewUrl = (number: number) => `/routines/${encodeURIComponent(history.routineId)}/review/${number}`;
  return (
    <Card data-testid="version-table">
      <CardHeader
        title="Versions"
        description="Newest first. The newest is the working version, the one the designer opens."
      />
      <Table>
        <caption className="sr-only">Versions of {history.name}, newest first</caption>
        <thead>
          <tr>
            <Th>Version</Th>
            <Th>Status</Th>
            <Th>Written by</Th>
            <Th>Approved</Th>
            <Th className="text-right">Steps</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {history.versions.map((version) => (
            <tr key={version.id} data-testid="version-row" data-version={version.number} data-status={version.status}>
              <Td className="whitespace-nowrap">
                <Link
                  href={reviewUrl(version.number)}
                  className="font-medium text-foreground hover:text-accent hover:underline"
                  data-testid="version-review-link"
                >
                  v{version.number}
                </Link>
                <div className="mt-1 flex flex-wrap gap-1">
                  {version.isWorking ? <Badge tone="neutral">working</Badge> : null}
                  {version.isPublished ? (
                    <Badge tone="success" data-testid="version-published">
                      runs now
                    </Badge>
                  ) : null}
                </div>
              </Td>
              <Td>
                <LifecycleBadge status={version.status} latestDecision={version.decisions.at(-1)?.decision} />
                {version.openCommentCount > 0 ? (
                  <p className="mt-1 text-xs text-muted">{version.openCommentCount} open comment(s)</p>
                ) : null}
              </Td>
              <Td className="text-sm">
                <Authors version={version} />
              </Td>
              <Td className="text-sm" data-testid="version-approved">
                {version.approvedBy && version.approvedAt ? (
                  <>
                    {version.approvedBy.name}
                    <p className="text-xs text-muted">
                      <RelativeTimeLabel iso={iso(version.approvedAt)} />
                    </p>
                  </>
                ) : (
                  <span className="text-muted">—</span>
                )}
              </Td>
              <Td className="text-right tabular-nums">{version.stepCount}</Td>
              <Td className="py-1.5">
                <div className="flex flex-wrap items-center justify-end gap-2">
                  <ButtonLink
                    href={reviewUrl(version.number)}
                    prefetch={false}
                    variant="ghost"
                    size="sm"
                    data-testid="version-open-review"
                  >
                    <Eye className="size-4" aria-hidden="true" /> Open review
                  </ButtonLink>
                  {canPublish && version.status === "approved" && version.contentHash ? (
                    <PublishButton
                      action={actions.publish}
                      routineId={history.routineId}
                      versionId={version.id}
                      number={version.number}
                      contentHash={version.contentHash}
                      publishedNumber={history.publishedVersionNumber}
                      rollback={
                        history.publishedVersionNumber !== null && version.number < history.publishedVersionNumber
                      }
                      testId="version-publish"
                    />
                  ) : null}
                  {canStartDraft ? (
                    <StartDraftButton
                      action={actions.startDraft}
                      routineId={history.routineId}
                      fromVersionId={version.id}
                      label={`New draft from v${version.number}`}
                      testId="version-start-draft"
                    />
                  ) : null}
                </div>
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}

function Authors({ version }: { version: VersionSummary }) {
  return (
    <div>
      <p>{version.author?.name ?? <span className="text-muted">a former user</span>}</p>
      {version.optimizedBy ? (
        <p className="text-xs text-muted" data-testid="version-optimized">
          optimized by {version.optimizedBy.name}
          {version.provenance ? ` with ${version.provenance.model}` : ""}
        </p>
      ) : null}
      <p className="text-xs text-muted">
        <RelativeTimeLabel iso={iso(version.createdAt)} />
      </p>
    </div>
  );
}

/** Who published which version when, newest first; a rollback is an older version published again. */
export function PublicationHistory({ publications }: { publications: readonly PublicationView[] }) {
  return (
    <Card data-testid="publication-history">
      <CardHeader
        title="Publications"
        description="Which version ran from when. Rolling back publishes an older approved version again."
      />
      {publications.length === 0 ? (
        <p className="px-5 py-4 text-sm text-muted" data-testid="no-publications">
          No version has been published yet.
        </p>
      ) : (
        <ol className="divide-y divide-border">
          {publications.map((publication) => (
            <li
              key={publication.id}
              className="flex flex-wrap items-baseline gap-x-2 gap-y-1 px-5 py-3 text-sm"
              data-testid="publication"
              data-version={publication.versionNumber}
              data-rollback={publication.rollback || undefined}
            >
              <span className="font-medium text-foreground">v{publication.versionNumber}</span>
              {publication.rollback ? (
                <Badge tone="warning" data-testid="publication-rollback">
                  Rollback
                </Badge>
              ) : null}
              <span className="text-muted">
                published by {publication.publishedBy?.name ?? "a former user"},{" "}
                <RelativeTimeLabel iso={iso(publication.publishedAt)} />
              </span>
              {publication.approvedBy && publication.approvedAt ? (
                <span className="text-muted" data-testid="publication-approved">
                  · approved by {publication.approvedBy.name}, <RelativeTimeLabel iso={iso(publication.approvedAt)} />
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
