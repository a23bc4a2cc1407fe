import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Viewer } from "../db/users/viewers";

// On globalThis so route handlers and the DAL see one store even when bundled into separate module copies.
const globalForActing = globalThis as unknown as { routineStudioActingViewer?: AsyncLocalStorage<Viewer> };
const store: AsyncLocalStorage<Viewer> = (globalForActing.routineStudioActingViewer ??= new AsyncLocalStorage<Viewer>());

/**
 * Runs `work` as `viewer`: getViewer (and so requireUser/requireRole in every DAL function) answers `viewer` inside
 * it, including in the promises it starts. For route handlers that authenticated a request some other way than the
 * session cookie (a personal API token); the DAL then checks roles and ownership exactly as for a session.
 */
export function actAs<T>(viewer: Viewer, work: () => T): T {
  return store.run(viewer, work);
}

/** The viewer set by actAs around the current call, if any. */
export function actingViewer(): Viewer | undefined {
  return store.getStore();
}
