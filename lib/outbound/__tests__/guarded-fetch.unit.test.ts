import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createGuardedFetch, findOutboundRefusal } from "../guarded-fetch";
import { parseAllowedNetworks } from "../policy";
import type { Resolver } from "../resolve";
import { watchSockets as watchOutboundSockets } from "../testing";

// The guarded fetch against a real local server that counts what reaches it. DNS is a table the test controls, so a
// name can resolve to one address when saved and another when connected (DNS rebinding).

let server: Server;
let port: number;
let hits: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    hits.push(request.url ?? "");
    if (request.url === "/redirect") {
      response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/iam/" }).end();
      return;
    }
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
afterEach(() => {
  hits = [];
  watching?.stop();
  watching = null;
});

const table: Record<string, string[]> = {};
const resolve: Resolver = async (hostname) => (table[hostname] ?? []).map((address) => ({ address, family: 4 }));
const guarded = (allowed: string) => createGuardedFetch({ policy: () => parseAllowedNetworks(allowed), resolve });

/** What the fetch was refused with, as callers see it through `fetch failed`. */
async function refusal(request: Promise<Response>): Promise<string> {
  const error = await request.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error, "the request should have been refused").not.toBeNull();
  const refused = findOutboundRefusal(error);
  expect(refused, String(error)).not.toBeNull();
  return refused!.message;
}

let watching: ReturnType<typeof watchOutboundSockets> | null = null;
/** Every socket the process opens from now on, by target address. */
function watchSockets(): string[] {
  watching = watchOutboundSockets();
  return watching.targets;
}

describe("the guarded fetch", () => {
  it("refuses a loopback server without the setting, before any byte is sent, and reaches it with it", async () => {
    expect(await refusal(guarded("")(`http://127.0.0.1:${port}/a`))).toBe("address not allowed: loopback");
    expect(await refusal(guarded("127.0.0.1:1")(`http://127.0.0.1:${port}/a`))).toBe("address not allowed: loopback");
    expect(hits).toEqual([]);
    const response = await guarded(`127.0.0.1:${port}`)(`http://127.0.0.1:${port}/b`);
    expect(await response.text()).toBe("ok");
    expect(hits).toEqual(["/b"]);
  });

  it("checks the address a name resolves to when it connects: a rebound name is refused", async () => {
    const fetch = guarded("");
    table["tools.example"] = ["93.184.216.34"];
    table["rebind.example"] = ["127.0.0.1"];
    const sockets = watchSockets();
    expect(await refusal(fetch(`http://rebind.example:${port}/x`))).toBe("address not allowed: loopback");
    table["rebind.example"] = ["169.254.169.254"];
    expect(await refusal(fetch(`http://rebind.example/latest/meta-data/`))).toBe("address not allowed: cloud metadata");
    expect(sockets).toEqual([]);
    expect(hits).toEqual([]);
  });

  it("refuses link-local and metadata literals even when the setting lists everything", async () => {
    const fetch = guarded("0.0.0.0/0, ::/0");
    const sockets = watchSockets();
    expect(await refusal(fetch("http://169.254.169.254/latest/meta-data/"))).toBe(
      "address not allowed: cloud metadata",
    );
    expect(await refusal(fetch("http://[::ffff:a9fe:101]/"))).toBe("address not allowed: link-local");
    expect(await refusal(fetch("http://[fe80::1]/"))).toBe("address not allowed: link-local");
    expect(await refusal(fetch("http://metadata.google.internal/"))).toBe("address not allowed: cloud metadata");
    expect(sockets).toEqual([]);
  });

  it("connects to the allowed addresses of a name only", async () => {
    table["both.example"] = ["169.254.169.254", "127.0.0.1"];
    const sockets = watchSockets();
    const response = await guarded(`127.0.0.0/8`)(`http://both.example:${port}/both`);
    expect(await response.text()).toBe("ok");
    expect(hits).toEqual(["/both"]);
    expect(sockets).toEqual(["127.0.0.1"]);
  });

  it("answers a redirect with an error and never follows it", async () => {
    const sockets = watchSockets();
    expect(await refusal(guarded(`127.0.0.1:${port}`)(`http://127.0.0.1:${port}/redirect`))).toBe(
      "HTTP 302 redirect; redirects are not followed",
    );
    expect(hits).toEqual(["/redirect"]);
    expect(sockets.filter((target) => target.startsWith("169.254."))).toEqual([]);
  });
});
