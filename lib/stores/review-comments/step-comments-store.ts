import { createStore } from "zustand/vanilla";

/** An open review comment as the designer shows it (dates as ISO strings, so it crosses to the client as is). */
export type OpenComment = {
  id: string;
  stepId: string | null;
  body: string;
  authorName: string;
  createdAt: string;
  /** Whether the viewer may resolve it (its writer, the version's author, an admin); the server checks again. */
  canResolve: boolean;
};

export type StepCommentsState = {
  comments: OpenComment[];
  /** Open comments per step: what each canvas node reads (one number, so typing re-renders no node). */
  countByStep: Record<string, number>;
  /** The server's list, e.g. after the page re-rendered. */
  replace(comments: OpenComment[]): void;
  /** Takes a resolved comment out. */
  remove(commentId: string): void;
};

export type StepCommentsStore = ReturnType<typeof createStepCommentsStore>;

/**
 * The open review comments on the working version, apart from the designer's store: they change when someone
 * resolves one, never when the routine is edited, and a node subscribes to its own step's count only.
 */
export function createStepCommentsStore(initial: readonly OpenComment[]) {
  return createStore<StepCommentsState>()((set, get) => ({
    comments: [...initial],
    countByStep: countByStep(initial),
    replace(comments) {
      set({ comments: [...comments], countByStep: countByStep(comments) });
    },
    remove(commentId) {
      const comments = get().comments.filter((comment) => comment.id !== commentId);
      if (comments.length !== get().comments.length) set({ comments, countByStep: countByStep(comments) });
    },
  }));
}

function countByStep(comments: readonly OpenComment[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const comment of comments) if (comment.stepId) counts[comment.stepId] = (counts[comment.stepId] ?? 0) + 1;
  return counts;
}
