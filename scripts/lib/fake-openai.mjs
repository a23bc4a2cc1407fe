// Starts the fake OpenAI-compatible server (scripts/fake-openai.ts) as a child of the e2e or demo command, waits
// until it answers, and stops it when the parent exits. Node built-ins only.
import { startChildServer } from "./child-server.mjs";

/**
 * @param {string | number} port 0 picks a free port (the resolved URL says which).
 * @param {NodeJS.ProcessEnv} env
 * @param {{ apiKey?: string, scenarioFile?: string, host?: string }} [options] The key travels in the child's
 *   environment (FAKE_OPENAI_API_KEY), not on its command line.
 * @returns {Promise<{ url: string, child: import("node:child_process").ChildProcess }>} `url` ends in /v1: what
 *   OPENAI_BASE_URL gets.
 */
export function startFakeOpenAIServer(port, env, options = {}) {
  const args = ["--import", "tsx", "scripts/fake-openai.ts", "--port", String(port)];
  if (options.host) args.push("--host", options.host);
  if (options.scenarioFile) args.push("--scenario", options.scenarioFile);
  const childEnv = { ...env };
  if (options.apiKey) childEnv.FAKE_OPENAI_API_KEY = options.apiKey;
  else delete childEnv.FAKE_OPENAI_API_KEY;
  return startChildServer({
    name: "the fake OpenAI server",
    args,
    env: childEnv,
    port,
    ready: /fake-openai listening on (http:\/\/\S+)/,
    // One round trip on the control API (which needs no key and is not logged) proves it answers.
    check: async (url) => {
      const response = await fetch(new URL("/__fake/requests", url));
      if (!response.ok) throw new Error(`the fake OpenAI server answered ${response.status} to its readiness check`);
    },
  });
}
