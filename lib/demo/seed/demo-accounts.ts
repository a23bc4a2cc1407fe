import "server-only";
import { DEMO_USERS } from "./demo-users";
import { seedOptionsFromEnv } from "./seed";

/** The demo accounts to show on the sign-in page: none outside demo mode. */
export function demoAccounts(): Array<{ email: string; password: string; roles: string[] }> {
  if (seedOptionsFromEnv().mode !== "demo") return [];
  return DEMO_USERS.map(({ email, password, roles }) => ({ email, password, roles: [...roles] }));
}
