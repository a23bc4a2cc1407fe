import type { StepHandler } from "../handler-types";

/** An end step finishes the run; the engine writes the outputs and marks the steps never reached as skipped. */
export const endHandler: StepHandler<"end"> = {
  async run() {
    return { status: "finish" };
  },
};
