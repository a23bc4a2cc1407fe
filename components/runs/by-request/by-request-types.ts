import type { StartRunActions } from "../start/start-run-types";

/** One ranked routine as the box shows it: its score (0–1) and the request's words it matched. */
export type CandidateView = { routineId: string; name: string; score: number; matched: string[] };

/** What "Find routine" answers: the decision under the current thresholds and the ranked candidates. */
export type RetrievalView = {
  /** The request as it was matched (trimmed): the run starts from it. */
  request: string;
  decision: "match" | "ambiguous" | "none";
  candidates: CandidateView[];
  minScore: number;
  /** Set when retrieval ran degraded (the embedder did not answer). */
  notice: string | null;
};

export type FindRoutineResult = { ok: true; retrieval: RetrievalView } | { ok: false; message: string };

/** What "Plan it" answers: the planned run it started, or why it could not. */
export type PlanRequestResult = { ok: true; runId: string } | { ok: false; message: string };

/** A published routine the operator may pick instead of the suggestion. */
export type PublishedRoutineOption = { id: string; name: string };

export type RunByRequestActions = StartRunActions & {
  find: (request: string) => Promise<FindRoutineResult>;
  /** Starts a planned run for the request (no routine). */
  plan: (input: { request: string }) => Promise<PlanRequestResult>;
};
