import net from "node:net";

export type TcpProxy = {
  /** The port the proxy listens on (127.0.0.1). */
  readonly port: number;
  /** How many live connections cut() has broken so far. */
  readonly cutConnections: number;
  /** The server "goes away": every open connection is reset, and new ones are reset as soon as they arrive. */
  cut(): void;
  /** The server "is back": new connections reach the target again. */
  restore(): void;
  /** Resets every connection and stops listening. */
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket };

/**
 * A TCP proxy on a free local port to `target`, for tests that make a server go away and come back without
 * touching the real one (other tests share it). While cut, connections are reset rather than left hanging, as a
 * stopped or restarting server answers: clients see ECONNRESET or "Connection terminated unexpectedly" at once.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  let down = false;
  let cutConnections = 0;

  const server = net.createServer((client) => {
    client.on("error", () => undefined);
    if (down) return void client.resetAndDestroy();
    const upstream = net.connect(target.port, target.host);
    upstream.on("error", () => undefined);
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("close", drop);
    upstream.on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });

  function resetAll(): number {
    const count = pairs.size;
    for (const { client, upstream } of pairs) {
      // The client's side is reset (RST), as a vanished server's connection is; the upstream one just closes.
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
    return count;
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    get cutConnections() {
      return cutConnections;
    },
    cut() {
      down = true;
      cutConnections += resetAll();
    },
    restore() {
      down = false;
    },
    async close() {
      down = true;
      resetAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
