import { spawn, type ChildProcess } from "node:child_process";

export type Child = {
  process: ChildProcess;
  match: RegExpExecArray;
  output: () => string;
  exited: Promise<number | null>;
};

/**
 * Starts `node <args>` in the project folder and resolves once its stdout matches `ready` (with the match), or
 * rejects when it exits first or takes longer than `timeoutMs`. All output is kept for failure messages.
 */
export function startNode(args: string[], env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs = 30_000): Promise<Child> {
  const child = spawn(process.execPath, args, { cwd: process.cwd(), env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`node ${args.join(" ")} was not ready within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (!match) return;
      clearTimeout(timer);
      resolve({ process: child, match, output: () => output, exited });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => void (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`node ${args.join(" ")} exited (code ${code}) before it was ready:\n${output}`));
    });
  });
}

/** Stops a child if it still runs and waits for it to exit. */
export async function stopChild(child: Child | undefined, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill(signal);
  await child.exited;
}
