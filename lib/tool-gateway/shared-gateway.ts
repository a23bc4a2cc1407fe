import "server-only";
import { createToolGateway } from "./gateway";

type Gateway = ReturnType<typeof createToolGateway>;

// One gateway per server process, so connections (and stdio children) are reused across requests. Kept on
// globalThis because Next may evaluate this module more than once (route bundles, dev reloads).
const holder = globalThis as typeof globalThis & { __routineStudioToolGateway?: Gateway };

/** The process-wide tool gateway; its connections close when the process exits. */
export function sharedToolGateway(): Gateway {
  if (!holder.__routineStudioToolGateway) {
    const gateway = createToolGateway();
    holder.__routineStudioToolGateway = gateway;
    process.once("beforeExit", () => void gateway.close());
  }
  return holder.__routineStudioToolGateway;
}
