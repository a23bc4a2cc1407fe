// Demo data: the demo users, routines and HR tool server registration, and the seed that writes them. Only scripts,
// tests and the sign-in page's demo-accounts list (in demo mode) use it.
import "server-only";
export { demoAccounts } from "./demo-accounts";
export { seedDemoActors } from "./demo-actors";
export { registerDemoToolServer } from "./demo-tool-server";
export { demoRoutines } from "./demo-routines";
export { DEMO_USERS } from "./demo-users";
export { seedDatabase, seedOptionsFromEnv } from "./seed";
