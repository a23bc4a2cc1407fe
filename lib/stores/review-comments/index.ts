// Open review comments per step, for the designer's badges and Comments tab.
export { createStepCommentsStore } from "./step-comments-store";
export type { OpenComment, StepCommentsState, StepCommentsStore } from "./step-comments-store";
