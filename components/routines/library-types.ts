import type { ActionState } from "@/lib/forms";

/** A problem in pasted paper text or JSON, at the place it was found (1-based). */
export type SourceProblem = { line: number; column: number; message: string };

export type CreatedRoutineData = { id: string; name: string; warnings: SourceProblem[] };

/** What the "New routine" forms get back: on error, per-field messages and any problems in the pasted source. */
export type CreateRoutineState =
  | { status: "idle" }
  | { status: "error"; message: string; fieldErrors?: Record<string, string[]>; problems?: SourceProblem[] }
  | { status: "success"; message: string; data: CreatedRoutineData };

export type CreateRoutineAction = (state: CreateRoutineState, formData: FormData) => Promise<CreateRoutineState>;

/** Duplicate, archive, restore: on success they return to the library with a notice, so only errors come back. */
export type RowAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

export type LibraryActions = {
  createBlank: CreateRoutineAction;
  createFromText: CreateRoutineAction;
  createFromJson: CreateRoutineAction;
  duplicate: RowAction;
  archive: RowAction;
  restore: RowAction;
};

/** A routine row as the client sees it (dates as ISO strings). */
export type RoutineRowData = {
  id: string;
  name: string;
  description: string;
  status: string;
  /** The working version's number. */
  versionNumber: number;
  /** The number of the version that runs, or null while none is published. */
  publishedVersionNumber: number | null;
  /** The latest reviewer decision on the working version ("changes_requested" on a draft sent back). */
  latestDecision: string | null;
  openCommentCount: number;
  ownerName: string;
  ownerEmail: string;
  updatedAt: string;
  stepCount: number;
  archived: boolean;
  /** Tools the routine uses whose schema changed since it was saved against them. */
  changedToolCount: number;
  /** Published routines whose intents retrieve this one's or the reverse; absent when none (or not shown). */
  clashes?: RowClashes;
};

/** A routine's clashes as its row shows them: the other routines' names, and where the report lists the first pair. */
export type RowClashes = { with: string[]; anchor: string };
