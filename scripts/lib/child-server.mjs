// Starts a helper server (the demo HR MCP server, the fake OpenAI server, the e2e set-up service) as a child of
// the start, e2e or benchmark command, waits until it is ready, and stops it when the parent exits. Built-ins only.
import { spawn } from "node:child_process";
import { root } from "./prepare.mjs";

/**
 * @param {object} options
 * @param {string} options.name What the messages call it ("the demo HR MCP server").
 * @param {string[]} options.args Node arguments (loaders, script, flags); run with this Node binary.
 * @param {NodeJS.ProcessEnv} options.env
 * @param {RegExp} options.ready Matches the line it prints once listening; group 1 is its URL.
 * @param {string | number} options.port For the message when it exits early (a port in use, usually).
 * @param {(url: string) => Promise<void>} [options.check] Listening is not answering: one round trip that must pass.
 * @returns {Promise<{ url: string, child: import("node:child_process").ChildProcess }>}
 */
export function startChildServer({ name, args, env, ready, port, check }) {
  console.log(`\n▶ Starting ${name} on port ${port}`);
  const started = Date.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
  const stop = () => child.exitCode === null && child.kill("SIGTERM");
  process.on("exit", stop);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${name} did not start within 60 s`)), 60_000);
    let buffered = "";
    const fail = (error) => {
      clearTimeout(timer);
      stop();
      reject(error);
    };
    child.once("exit", (code) =>
      fail(new Error(`${name} exited (code ${code}) before it was ready; is port ${port} free?`)),
    );
    child.stdout.on("data", (chunk) => {
      buffered += chunk.toString();
      const match = ready.exec(buffered);
      if (!match) return;
      const url = match[1];
      // Keep draining its stdout so it never blocks on a full pipe.
      child.stdout.removeAllListeners("data");
      child.stdout.resume();
      Promise.resolve(check?.(url))
        .then(() => {
          clearTimeout(timer);
          child.removeAllListeners("exit");
          child.once("exit", (code) => code && console.error(`✖ ${name} stopped (code ${code}).`));
          console.log(
            `✔ ${name[0].toUpperCase()}${name.slice(1)} ready at ${url} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
          );
          resolve({ url, child });
        })
        .catch(fail);
    });
  });
}
