import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedRequest = { url: string; authorization: string };
export type RecordingServer = { url: string; seen: RecordedRequest[]; close(): Promise<void> };

/**
 * An HTTP endpoint that records what reaches it (path and Authorization header) and refuses everything with 401:
 * the address an attacker would put in a setting, to see which secrets follow it. `path` is appended to its URL.
 */
export async function startRecordingServer(path: string): Promise<RecordingServer> {
  const seen: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization ?? "" });
    req.resume();
    res.writeHead(401, { "content-type": "application/json" }).end('{"error":{"message":"no"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
