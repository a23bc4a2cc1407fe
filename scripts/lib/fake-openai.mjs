// Starts the fake OpenAI-compatible server (scripts/fake-openai.ts) as a child of the e2e or demo command, waits
// until it answers, and stops it when the parent exits. Node built-ins only.
import { spawn } from "node:child_process";
import { root } from "./prepare.mjs";

const READY = /fake-openai listening on (http:\/\/\S+)/;

/**
 * @param {string | number} port 0 picks a free port (the resolved URL says which).
 * @param {NodeJS.ProcessEnv} env
 * @param {{ apiKey?: string, scenarioFile?: string, host?: string }} [options] The key travels in the child's
 *   environment (FAKE_OPENAI_API_KEY), not on its command line.
 * @returns {Promise<{ url: string, child: import("node:child_process").ChildProcess }>} `url` ends in /v1: what
 *   OPENAI_BASE_URL gets.
 */
export function startFakeOpenAIServer(port, env, options = {}) {
  console.log(`\n▶ Starting the fake OpenAI server on port ${port}`);
  const args = ["--import", "tsx", "scripts/fake-openai.ts", "--port", String(port)];
  if (options.host) args.push("--host", options.host);
  if (options.scenarioFile) args.push("--scenario", options.scenarioFile);
  const childEnv = { ...env };
  if (options.apiKey) childEnv.FAKE_OPENAI_API_KEY = options.apiKey;
  else delete childEnv.FAKE_OPENAI_API_KEY;
  const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ["ignore", "pipe", "inherit"] });
  const stop = () => child.exitCode === null && child.kill("SIGTERM");
  process.on("exit", stop);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error("the fake OpenAI server did not start within 60 s")), 60_000);
    let buffered = "";
    const fail = (error) => {
      clearTimeout(timer);
      stop();
      reject(error);
    };
    child.once("exit", (code) => fail(new Error(`the fake OpenAI server exited (code ${code}) before it was ready; is port ${port} free?`)));
    child.stdout.on("data", (chunk) => {
      buffered += chunk.toString();
      const match = READY.exec(buffered);
      if (!match) return;
      const url = match[1];
      child.stdout.removeAllListeners("data");
      // Keep draining its stdout so it never blocks on a full pipe.
      child.stdout.resume();
      // Listening is not answering: one round trip on the control API (which needs no key and is not logged) proves it.
      fetch(new URL("/__fake/requests", url))
        .then((response) => {
          if (!response.ok) throw new Error(`the fake OpenAI server answered ${response.status} to its readiness check`);
          clearTimeout(timer);
          child.removeAllListeners("exit");
          child.once("exit", (code) => code && console.error(`✖ The fake OpenAI server stopped (code ${code}).`));
          console.log(`✔ Fake OpenAI server ready at ${url}`);
          resolve({ url, child });
        })
        .catch(fail);
    });
  });
}
