// The HTTP face of the browser tests' set-up service: `POST /call { as, operation, input }` runs one fixture
// operation as the user with that email and answers `{ result }`, or `{ error }` with the status the app's own
// routes would give (lib/actions/error-response). Loopback only; it exists in e2e runs, never in the app.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { errorResponse } from "@/lib/actions";
import { loadViewerByEmail } from "@/lib/db/users";
import { FIXTURE_OPERATIONS, runFixture } from "./operations";

const MAX_BODY_BYTES = 6 * 1024 * 1024;

const callSchema = z.strictObject({
  as: z.email("`as` must be the email of a user"),
  operation: z.enum(FIXTURE_OPERATIONS, { message: `\`operation\` must be one of ${FIXTURE_OPERATIONS.join(", ")}` }),
  input: z.unknown(),
});

/** Starts the service on 127.0.0.1:`port` (0 = any free port) and resolves its base URL once it listens. */
export async function startFixtureServer(port: number): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      send(res, 500, { error: `e2e fixtures: ${error instanceof Error ? error.message : String(error)}` }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== "POST" || req.url !== "/call")
    return send(res, 404, { error: "e2e fixtures: POST /call { as, operation, input } is the only endpoint." });
  const text = await readBody(req);
  if (text === null) return send(res, 413, { error: `e2e fixtures: the body is over ${MAX_BODY_BYTES} bytes.` });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return send(res, 400, { error: "e2e fixtures: the body is not JSON." });
  }
  const call = callSchema.safeParse(json);
  if (!call.success) return send(res, 400, { error: `e2e fixtures: ${z.prettifyError(call.error)}` });
  const viewer = await loadViewerByEmail(call.data.as);
  if (!viewer) return send(res, 400, { error: `e2e fixtures: no active user has the email ${call.data.as}.` });
  try {
    const result = await runFixture(viewer, call.data.operation, call.data.input);
    return send(res, 200, { result: result ?? null });
  } catch (error) {
    // The same status and message a route handler of the app answers for this error.
    const response = errorResponse(error);
    if (response.status >= 500) console.error(`e2e fixtures: ${call.data.operation} failed:`, error);
    return send(res, response.status, await response.json());
  }
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
