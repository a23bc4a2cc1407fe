import path from "node:path";
import type { DemoRole } from "./demo-users";
import { E2E_PORT } from "./env";

/**
 * Where the set-up project keeps each demo user's signed-in browser state (cookies), git-ignored; a server on
 * another port than the default has sessions of its own, in a folder of their own.
 */
const AUTH_DIR = path.join(import.meta.dirname, "..", ".auth", ...(E2E_PORT === 3100 ? [] : [String(E2E_PORT)]));

/**
 * The storage state of a session the "sign-in" set-up project opened for `role` through the sign-in form
 * (e2e/sign-in.setup.ts). Tests share it, so no test may sign it out or expire it: a test about signing out
 * signs in through the form itself.
 */
export function storageStateOf(role: DemoRole): string {
  return path.join(AUTH_DIR, `${role}.json`);
}
