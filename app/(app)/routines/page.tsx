import type { Metadata } from "next";
import { ClashReport, clashesByRoutine } from "@/components/routines/clash-report";
import { LibraryEmpty } from "@/components/routines/library-empty";
import { LibraryNotice, type NoticeKind } from "@/components/routines/library-notice";
import { LibraryToolbar } from "@/components/routines/library-toolbar";
import { NewRoutine } from "@/components/routines/new-routine";
import { RoutineTable } from "@/components/routines/routine-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { Alert, PageHeader } from "@/components/ui";
import { loadOrError } from "@/lib/actions";
import { hasAnyRole } from "@/lib/access";
import { sectionAccess } from "@/lib/session";
import { listRoutines, type RoutineSummary } from "@/lib/db/library";
import { CLASH_ROLES, listClashes } from "@/lib/db/memory";
import {
  archiveRoutineAction,
  createBlankRoutineAction,
  createRoutineFromJsonAction,
  createRoutineFromTextAction,
  duplicateRoutineAction,
  restoreRoutineAction,
} from "./actions";

export const metadata: Metadata = { title: "Routines" };

type SearchParams = Record<string, string | string[] | undefined>;
const NOTICES: readonly NoticeKind[] = ["created", "archived", "restored"];

/** The routine library: everyone signed in reads it; authors and admins create, duplicate and archive. */
export default async function RoutinesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { viewer, allowed } = await sectionAccess("routines");
  if (!allowed) return <AccessDenied sectionId="routines" viewer={viewer} />;
  const { q, showArchived, notice, noticeId } = readParams(await searchParams);
  const canCreate = hasAnyRole(viewer.roles, ["author", "admin"]);
  // The clash report is for those who write and review routines; its failure never stops the library from showing.
  const [result, clashes] = await Promise.all([
    loadOrError(() => listRoutines(viewer, { query: q || undefined, includeArchived: true })),
    hasAnyRole(viewer.roles, CLASH_ROLES) ? loadOrError(() => listClashes(viewer)) : { data: null, error: null },
  ]);
  const rowClashes = clashesByRoutine(clashes.data ?? []);
  const all = result.data ?? [];
  const shown = showArchived ? all : all.filter((routine) => !routine.archived);
  const noticeRoutine = notice ? all.find((routine) => routine.id === noticeId) : undefined;
  const view = { q, showArchived };

  return (
    <div data-testid="routines-library">
      <PageHeader
        title="Routines"
        description="Step-by-step plans that an agent follows to call your tools. Open one to read it or edit it on the canvas."
        actions={
          canCreate ? (
            <NewRoutine
              actions={{
                blank: createBlankRoutineAction,
                text: createRoutineFromTextAction,
                json: createRoutineFromJsonAction,
              }}
            />
          ) : null
        }
      />
      {notice && noticeRoutine ? <LibraryNotice kind={notice} routine={noticeRoutine} q={q} /> : null}
      <LibraryToolbar q={q} showArchived={showArchived} />
      <ClashReport clashes={clashes.data} error={clashes.error} />
      {result.error !== null ? (
        <Alert tone="error" title="The routines could not be loaded">
          {result.error}
        </Alert>
      ) : shown.length === 0 ? (
        <LibraryEmpty
          q={q}
          showArchived={showArchived}
          canCreate={canCreate}
          hiddenArchived={all.length - shown.length}
        />
      ) : (
        <RoutineTable
          routines={shown.map((routine) => ({ ...toRow(routine), clashes: rowClashes.get(routine.id) }))}
          view={view}
          actions={
            canCreate
              ? { duplicate: duplicateRoutineAction, archive: archiveRoutineAction, restore: restoreRoutineAction }
              : undefined
          }
          highlightId={noticeRoutine?.id}
        />
      )}
    </div>
  );
}

function readParams(params: SearchParams) {
  const first = (key: string) => {
    const value = params[key];
    return (Array.isArray(value) ? value[0] : value) ?? "";
  };
  const notice = first("notice");
  return {
    q: first("q").trim().slice(0, 200),
    showArchived: first("archived") === "1",
    notice: NOTICES.find((kind) => kind === notice),
    noticeId: first("id"),
  };
}

function toRow(routine: RoutineSummary) {
  return {
    id: routine.id,
    name: routine.name,
    description: routine.description,
    status: routine.status,
    versionNumber: routine.versionNumber,
    publishedVersionNumber: routine.publishedVersionNumber,
    latestDecision: routine.latestDecision,
    openCommentCount: routine.openCommentCount,
    ownerName: routine.owner.name,
    ownerEmail: routine.owner.email,
    updatedAt: routine.updatedAt.toISOString(),
    stepCount: routine.stepCount,
    archived: routine.archived,
    changedToolCount: routine.changedToolCount,
  };
}
