// The database projects' test runner: test files share a worker process (isolate: false) but not the project's
// modules. Starting a process per file and loading Next, Prisma's runtime, the MCP SDK, openai… into it again was
// about half of the database tests' time (decision 0040). Before each file this runner does what Vitest's own
// isolation does inside a process: forgets every evaluated module of the project and every vi.mock of the file
// before, and puts back the environment the worker started with. Packages in node_modules stay loaded (Node keeps
// them; they hold no state of ours). What our modules keep on globalThis is released at the end of each file by the
// set-up files (test/process-state.ts).
import { type RunnerTestFile, TestRunner } from "vitest";

type ModuleNode = { promise?: unknown; exports?: unknown; evaluated: boolean; importers: Set<string> };
type RunnerInternals = {
  moduleRunner?: { mocker?: { reset(): void } };
  workerState: { evaluatedModules: { idToModuleMap: Map<string, ModuleNode> } };
};

// Vitest's own modules are never re-evaluated (its state is the run's); neither is this runner, nor the generated
// Prisma clients (2 × 2.9 MB of code defining classes; the clients themselves are made in lib/db, which is
// reloaded): keeping those cut the SQLite project's module loading from 63 s to 54 s (summed over files).
const KEEP = [
  /\/vitest\/dist\//,
  /vitest-virtual-\w+\/dist/,
  /@vitest\/dist/,
  /\/node_modules\/@vitest\//,
  /\/test\/shared-process-runner\.ts$/,
  /\/lib\/db\/generated\//,
];

const startEnvironment = { ...process.env };

export default class SharedProcessRunner extends TestRunner {
  onCollectStart(file: RunnerTestFile): void {
    super.onCollectStart(file);
    // Vitest makes a runner per file; the process's count of files is kept beside the worker's own state.
    const process_ = globalThis as { __sharedProcessTestFiles?: number };
    if ((process_.__sharedProcessTestFiles = (process_.__sharedProcessTestFiles ?? 0) + 1) === 1) return;
    restoreEnvironment();
    const internals = this as unknown as RunnerInternals;
    internals.moduleRunner?.mocker?.reset();
    for (const [id, node] of internals.workerState.evaluatedModules.idToModuleMap) {
      if (KEEP.some((pattern) => pattern.test(id))) continue;
      node.promise = undefined;
      node.exports = undefined;
      node.evaluated = false;
      node.importers.clear();
    }
  }
}

/** The environment as the worker started: a file's `process.env.X = …` must not reach the next file. */
function restoreEnvironment(): void {
  for (const key of Object.keys(process.env)) if (!(key in startEnvironment)) delete process.env[key];
  Object.assign(process.env, startEnvironment);
}
