// The outbound policy's setting (OUTBOUND_ALLOWED_NETWORKS, lib/outbound) for the helper servers the start, e2e and
// benchmark commands run on this machine: the app refuses loopback addresses unless the setting allows them.
// Node built-ins only.

export const OUTBOUND_VARIABLE = "OUTBOUND_ALLOWED_NETWORKS";

/** Every loopback address: what the benchmarks allow, as their servers listen on ports picked at random. */
export const LOOPBACK_NETWORKS = "127.0.0.0/8, ::1";

/**
 * The setting's entry for a server's URL: its address and port (`127.0.0.1:3001`, `[::1]:3001`).
 * @param {string} url
 * @returns {string}
 */
export function outboundEntry(url) {
  const { hostname, port, protocol } = new URL(url);
  return `${hostname}:${port || (protocol === "https:" ? "443" : "80")}`;
}

/**
 * Adds the servers' addresses and ports to `env`'s setting, after whatever it already allows.
 * @param {Record<string, string | undefined>} env
 * @param {string[]} urls
 */
export function allowOutbound(env, urls) {
  const entries = (env[OUTBOUND_VARIABLE] ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of urls.map(outboundEntry)) if (!entries.includes(entry)) entries.push(entry);
  env[OUTBOUND_VARIABLE] = entries.join(",");
}
