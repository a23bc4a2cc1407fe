import { abortableSleep } from "../../llm";
import type { Clock } from "./ports";

/** The real clock: Date.now, and a sleep that ends early (rejecting) when its signal aborts. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: abortableSleep,
};
