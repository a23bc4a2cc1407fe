import { parseRunConfigurations } from "../scoring";
import type { RunConfiguration } from "./eval-plans";

/** The configurations an eval run stored when it started; unreadable JSON reads as none. */
export function readRunConfigurations(stored: string): RunConfiguration[] {
  return parseRunConfigurations(stored);
}
