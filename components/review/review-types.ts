import type { ActionState } from "@/lib/forms";

/** A server action a form posts to (see app/(designer)/routines/[id]/review-actions.ts). */
export type FormAction = (state: ActionState, formData: FormData) => Promise<ActionState>;

/** The lifecycle actions the review pages use, passed down from the page. */
export type ReviewActions = {
  decide: FormAction;
  comment: FormAction;
  resolve: FormAction;
  publish: FormAction;
  withdraw: FormAction;
  startDraft: FormAction;
};

/** Which version a form is about, posted with it so the action knows which pages to refresh. */
export type VersionTarget = { routineId: string; versionId: string; number: number };
