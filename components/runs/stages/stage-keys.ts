import type { StageNode } from "@/lib/runs/hierarchy";

/** The key of the group of steps in no stage (stage ids cannot hold "~"). */
export const UNSTAGED_KEY = "~unstaged";
export const stageKeyOf = (stage: Pick<StageNode, "stageId">) => stage.stageId ?? UNSTAGED_KEY;
/** A stage's part of a test id: its own id, "unstaged" for the steps in no stage. */
export const stageTestKey = (stage: Pick<StageNode, "stageId">) => stage.stageId ?? "unstaged";
