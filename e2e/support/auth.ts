import path from "node:path";
import type { DemoRole } from "./demo-users";

/** Where the set-up project keeps each demo user's signed-in browser state (cookies), git-ignored. */
const AUTH_DIR = path.join(import.meta.dirname, "..", ".auth");

/**
 * The storage state of a session the "sign-in" set-up project opened for `role` through the sign-in form
 * (e2e/sign-in.setup.ts). Tests share it, so no test may sign it out or expire it: a test about signing out
 * signs in through the form itself.
 */
export function storageStateOf(role: DemoRole): string {
  return path.join(AUTH_DIR, `${role}.json`);
}
