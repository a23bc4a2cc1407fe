import { expect } from "vitest";
import { callHrTool, type HrCallOutcome } from "../tools";
import type { HrStore } from "../store";

/**
 * Calls a tool and returns its result; fails the test with the tool's message when the call did not succeed. The
 * result is loosely typed on purpose: tests read deep into tool outputs and assert their shape with expect.
 */
export function call(
  store: HrStore,
  name: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Record<string, any> {
  const outcome = callHrTool(store, name, args, meta);
  if (outcome.kind !== "result") throw new Error(`${name} failed: ${outcome.message}`);
  return outcome.result;
}

/** Calls a tool that must fail as a tool error and returns the message. */
export function callError(
  store: HrStore,
  name: string,
  args: Record<string, unknown>,
  meta?: Record<string, unknown>,
): string {
  const outcome: HrCallOutcome = callHrTool(store, name, args, meta);
  expect(outcome.kind, JSON.stringify(outcome).slice(0, 300)).toBe("tool-error");
  return (outcome as { message: string }).message;
}
