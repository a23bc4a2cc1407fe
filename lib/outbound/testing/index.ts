// Test helpers for outbound requests: which sockets the process opens, and a plain HTTP server that counts what
// reaches it and answers as a test scripts it (an internal service, a redirector).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import net, { type AddressInfo } from "node:net";

/** Records the target host of every TCP connection the process starts until `stop()`; connections still go ahead. */
export function watchSockets(): { targets: string[]; stop(): void } {
  const targets: string[] = [];
  const original = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    // net.connect() hands the socket its arguments normalised, as one array [options, callback].
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    targets.push(typeof first === "object" && first ? String((first as { host?: string }).host) : String(args[1]));
    return (original as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof original;
  return { targets, stop: () => void (net.Socket.prototype.connect = original) };
}

export type ScriptedServer = {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** `METHOD path` of every request received, in order. */
  requests: string[];
  close(): Promise<void>;
};

/** A real HTTP server on 127.0.0.1 that answers every request with `answer` and records it. */
export async function startScriptedServer(
  answer: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<ScriptedServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    request.on("end", () => answer(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * `node:dns/promises` answering `names` (hostname → address) as a test says, the system's resolver for everything
 * else: for a test's `vi.mock("node:dns/promises", …)`, to make up a name that resolves to a metadata or rebinding
 * address. `real` is the module as imported.
 */
export function dnsAnswering<T extends typeof import("node:dns/promises")>(real: T, names: Map<string, string>): T {
  const lookup = (async (hostname: string, options: object) => {
    const address = names.get(hostname);
    if (address) return [{ address, family: address.includes(":") ? 6 : 4 }];
    return real.lookup(hostname, options as never);
  }) as T["lookup"];
  return { ...real, lookup, default: { ...real, lookup } };
}
