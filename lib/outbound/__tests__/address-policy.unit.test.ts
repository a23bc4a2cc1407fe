import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addressKind, isMetadataHostname } from "../address-kind";
import { formatIp, parseIp } from "../ip-address";
import { judgeAddress, parseAllowedNetworks, refusalReason } from "../policy";
import { judgeHost, type Resolver } from "../resolve";
import { checkOutboundUrl } from "../url-check";

// The outbound address policy with no network: parsing, ranges, encodings, ports, IPv6. DNS is a table.

const ip = (text: string) => {
  const parsed = parseIp(text);
  if (!parsed) throw new Error(`not an address: ${text}`);
  return parsed;
};
const kindOf = (text: string) => addressKind(ip(text));
const none = parseAllowedNetworks(undefined);
const dnsTable =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("reading addresses", () => {
  it("reads every IPv4 encoding inet_aton accepts as the same address", () => {
    for (const text of ["127.0.0.1", "2130706433", "0x7f000001", "0177.0.0.1", "0x7f.1", "127.1", "0x7f.0.0.0x1"])
      expect(formatIp(ip(text)), text).toBe("127.0.0.1");
    expect(formatIp(ip("169.254.43518"))).toBe("169.254.169.254");
    expect(formatIp(ip("0xa9fea9fe"))).toBe("169.254.169.254");
  });

  it("folds IPv4-mapped and -translated IPv6 into IPv4, in any spelling, brackets and zones aside", () => {
    for (const text of [
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "[::ffff:7f00:1]",
      "0:0:0:0:0:ffff:7f00:0001",
      "::ffff:0:7f00:1",
    ])
      expect(ip(text), text).toEqual({ family: 4, value: 0x7f000001n });
    expect(ip("[::1]")).toEqual({ family: 6, value: 1n });
    expect(formatIp(ip("fe80::1%eth0"))).toBe("fe80::1");
    expect(formatIp(ip("FD00:0EC2:0000:0000:0000:0000:0000:0254"))).toBe("fd00:ec2::254");
    expect(formatIp(ip("2001:db8:0:0:1:0:0:1"))).toBe("2001:db8::1:0:0:1");
  });

  it("reads back every address it writes, and any IPv4 encoding as the same address", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 32n - 1n }), (value) => {
        const text = formatIp({ family: 4, value });
        for (const encoding of [text, value.toString(), `0x${value.toString(16)}`, `0${value.toString(8)}`])
          expect(parseIp(encoding)).toEqual({ family: 4, value });
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 128n - 1n }), (value) => {
        const parsed = parseIp(formatIp({ family: 6, value }));
        // IPv4-mapped and -translated addresses come back as the IPv4 address they carry.
        const mapped = value >> 32n === 0xffffn || value >> 32n === 0xffff0000n;
        expect(parsed).toEqual(mapped ? { family: 4, value: value & 0xffffffffn } : { family: 6, value });
      }),
    );
  });

  it("takes nothing else for an address", () => {
    for (const text of [
      "256.0.0.1",
      "1.2.3.4.5",
      "1..2.3",
      "08.0.0.1",
      "0x1g",
      "1.2.3.256",
      "example.com",
      "::1::2",
      "1:2:3:4:5:6:7:8:9",
      "::ffff:1.2.3",
      "12345::",
      "",
      "[::1",
    ])
      expect(parseIp(text), text).toBeNull();
  });
});

describe("what an address is", () => {
  it("knows the metadata and link-local addresses, which no setting opens", () => {
    for (const text of ["169.254.169.254", "fd00:ec2::254", "100.100.100.200", "168.63.129.16"])
      expect(kindOf(text), text).toBe("metadata");
    for (const text of ["169.254.0.1", "169.254.255.255", "fe80::1", "febf::1"])
      expect(kindOf(text), text).toBe("link-local");
  });

  it("tells loopback, private, unspecified and special ranges from public ones, at their edges", () => {
    const expected: Record<string, string> = {
      "127.0.0.1": "loopback",
      "127.255.255.254": "loopback",
      "::1": "loopback",
      "10.1.2.3": "private",
      "172.16.0.1": "private",
      "172.31.255.255": "private",
      "172.32.0.1": "public",
      "192.168.1.1": "private",
      "100.64.0.1": "private",
      "100.128.0.1": "public",
      "fc00::1": "private",
      "fd12:3456::1": "private",
      "0.0.0.0": "unspecified",
      "::": "unspecified",
      "224.0.0.1": "special",
      "255.255.255.255": "special",
      "192.0.2.10": "special",
      "ff02::1": "special",
      "2001:db8::1": "special",
      "2001::1": "special",
      "8.8.8.8": "public",
      "2606:4700:4700::1111": "public",
    };
    for (const [text, kind] of Object.entries(expected)) expect(kindOf(text), text).toBe(kind);
  });

  it("sees through IPv6 forms that carry an IPv4 address for a translator", () => {
    expect(kindOf("64:ff9b::a9fe:a9fe")).toBe("metadata");
    expect(kindOf("64:ff9b::169.254.1.1")).toBe("link-local");
    expect(kindOf("2002:a9fe:a9fe::1")).toBe("metadata");
    expect(kindOf("::169.254.169.254")).toBe("metadata");
    expect(kindOf("64:ff9b::7f00:1")).toBe("special");
    expect(kindOf("::808:808")).toBe("special");
    expect(kindOf("64:ff9b::808:808")).toBe("public");
  });

  it("knows metadata services by name", () => {
    for (const name of ["metadata.google.internal", "METADATA.google.internal.", "metadata", "instance-data"])
      expect(isMetadataHostname(name), name).toBe(true);
    expect(isMetadataHostname("metadata.example.com")).toBe(false);
  });
});

describe("OUTBOUND_ALLOWED_NETWORKS", () => {
  it("reads addresses and ranges, each with an optional port, IPv6 in brackets when it has one", () => {
    const policy = parseAllowedNetworks(
      " 127.0.0.1:3001, 10.0.0.0/8 ,[::1]:8080, fc00::/7, [fd00::/8]:9000, [fd00::]/8:9001, 192.168.1.5,, ",
    );
    expect(policy.problems).toEqual([]);
    expect(policy.allowed.map(({ range, port }) => [formatIp(range), range.prefix, port])).toEqual([
      ["127.0.0.1", 32, 3001],
      ["10.0.0.0", 8, null],
      ["::1", 128, 8080],
      ["fc00::", 7, null],
      ["fd00::", 8, 9000],
      ["fd00::", 8, 9001],
      ["192.168.1.5", 32, null],
    ]);
  });

  it("reports and ignores what it cannot read, and says that metadata entries open nothing", () => {
    const policy = parseAllowedNetworks(
      "localhost, 10.0.0.1/33, 10.0.0.1/8, 10.0.0.1:0, 10.0.0.1:70000, 169.254.169.254",
    );
    expect(policy.allowed.map(({ range }) => formatIp(range))).toEqual(["169.254.169.254"]);
    expect(policy.problems).toHaveLength(6);
    expect(policy.problems[0]).toMatch(/^"localhost" is not an address or CIDR range/);
    expect(policy.problems.at(-1)).toMatch(/"169\.254\.169\.254" holds link-local or cloud metadata addresses/);
  });

  it("reads a bare IPv6 address whole: its last group is never a port", () => {
    expect(parseAllowedNetworks("::1:80").allowed).toEqual([{ range: { ...ip("::1:80"), prefix: 128 }, port: null }]);
  });

  it("opens special addresses it lists, on their port only when it names one", () => {
    const policy = parseAllowedNetworks("127.0.0.1:3001, 10.0.0.0/8, [::1]:8080");
    expect(judgeAddress(ip("127.0.0.1"), 3001, policy)).toEqual({ allowed: true });
    expect(judgeAddress(ip("127.0.0.1"), 3002, policy)).toEqual({ allowed: false, kind: "loopback", always: false });
    expect(judgeAddress(ip("127.0.0.2"), 3001, policy)).toMatchObject({ allowed: false });
    expect(judgeAddress(ip("::ffff:127.0.0.1"), 3001, policy)).toEqual({ allowed: true });
    expect(judgeAddress(ip("0x7f.1"), 3001, policy)).toEqual({ allowed: true });
    expect(judgeAddress(ip("10.200.0.9"), 443, policy)).toEqual({ allowed: true });
    expect(judgeAddress(ip("::1"), 8080, policy)).toEqual({ allowed: true });
    expect(judgeAddress(ip("::1"), 80, policy)).toMatchObject({ allowed: false, kind: "loopback" });
    expect(judgeAddress(ip("192.168.0.1"), 80, policy)).toEqual({ allowed: false, kind: "private", always: false });
  });

  it("never opens link-local or metadata addresses, even when listed or inside a listed range", () => {
    const everything = parseAllowedNetworks("0.0.0.0/0, ::/0, 169.254.0.0/16, fd00:ec2::254");
    for (const text of [
      "169.254.169.254",
      "169.254.1.1",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:169.254.169.254",
      "100.100.100.200",
    ])
      expect(judgeAddress(ip(text), 80, everything), text).toMatchObject({ allowed: false, always: true });
    expect(judgeAddress(ip("127.0.0.1"), 80, everything)).toEqual({ allowed: true });
  });

  it("leaves public addresses open without any setting, and closes every special one", () => {
    expect(judgeAddress(ip("93.184.216.34"), 443, none)).toEqual({ allowed: true });
    for (const text of ["127.0.0.1", "::1", "10.0.0.1", "0.0.0.0", "fd00::1", "224.0.0.1"])
      expect(judgeAddress(ip(text), 80, none), text).toMatchObject({ allowed: false, always: false });
    expect(refusalReason("link-local")).toBe("address not allowed: link-local");
  });
});

describe("judging a host", () => {
  const resolve = dnsTable({
    "rebind.example": ["169.254.169.254"],
    "mixed.example": ["127.0.0.1", "93.184.216.34"],
    "home.example": ["127.0.0.1", "::1"],
  });

  it("resolves a name and keeps only the addresses it may contact, refusing a name with none left", async () => {
    expect(await judgeHost("rebind.example", 80, none, resolve)).toEqual({
      allowed: false,
      kind: "metadata",
      always: true,
      literal: false,
    });
    expect(await judgeHost("mixed.example", 80, none, resolve)).toEqual({
      allowed: true,
      addresses: [ip("93.184.216.34")],
    });
    expect(await judgeHost("home.example", 80, none, resolve)).toMatchObject({ allowed: false, kind: "loopback" });
    expect(await judgeHost("metadata.google.internal", 80, none, resolve)).toMatchObject({ kind: "metadata" });
    await expect(judgeHost("nowhere.example", 80, none, resolve)).rejects.toMatchObject({ code: "ENOTFOUND" });
  });

  it("judges literals as they are, whatever their encoding, without resolving them", async () => {
    const never: Resolver = () => Promise.reject(new Error("no lookup expected"));
    expect(await judgeHost("2130706433", 80, none, never)).toMatchObject({
      allowed: false,
      kind: "loopback",
      literal: true,
    });
    expect(await judgeHost("[::ffff:a9fe:a9fe]", 80, none, never)).toMatchObject({ kind: "metadata" });
  });
});

describe("checking a URL before it is saved", () => {
  const resolve = dnsTable({ "metadata.attacker.example": ["169.254.169.254"], "internal.example": ["10.0.0.7"] });

  it("refuses a link-local or metadata URL with a sentence for the field, whatever the setting", async () => {
    const everything = parseAllowedNetworks("0.0.0.0/0");
    expect(await checkOutboundUrl("http://169.254.169.254/latest/meta-data/", { policy: everything, resolve })).toEqual(
      {
        allowed: false,
        kind: "metadata",
        message: "169.254.169.254 is one of the cloud metadata addresses. The app never connects to those.",
      },
    );
    expect(await checkOutboundUrl("http://metadata.attacker.example/", { policy: everything, resolve })).toMatchObject({
      allowed: false,
      message: expect.stringMatching(
        /^"metadata\.attacker\.example" resolves only to cloud metadata addresses\. The app never/,
      ),
    });
    expect(await checkOutboundUrl("http://[::ffff:169.254.1.1]:8080/", { policy: everything, resolve })).toMatchObject({
      kind: "link-local",
    });
    expect(await checkOutboundUrl("http://metadata.google.internal/", { policy: everything, resolve })).toMatchObject({
      message: `"metadata.google.internal" is a cloud metadata service's name. The app never connects to those.`,
    });
  });

  it("refuses loopback and private URLs unless the setting opens their address and port", async () => {
    const refused = await checkOutboundUrl("http://0x7f.1:3001/mcp", { policy: none, resolve });
    expect(refused).toMatchObject({
      allowed: false,
      message: expect.stringContaining("only when the deployer allows them in OUTBOUND_ALLOWED_NETWORKS"),
    });
    const open = parseAllowedNetworks("127.0.0.1:3001, 10.0.0.0/8:443");
    expect(await checkOutboundUrl("http://127.0.0.1:3001/mcp", { policy: open, resolve })).toEqual({ allowed: true });
    expect(await checkOutboundUrl("http://127.0.0.1/mcp", { policy: open, resolve })).toMatchObject({ allowed: false });
    expect(await checkOutboundUrl("https://internal.example/v1", { policy: open, resolve })).toEqual({ allowed: true });
    expect(await checkOutboundUrl("http://internal.example/v1", { policy: open, resolve })).toMatchObject({
      allowed: false,
      kind: "private",
    });
  });

  it("lets a name that does not resolve pass, for the connection to check", async () => {
    expect(await checkOutboundUrl("https://models.invalid/v1", { policy: none, resolve })).toEqual({ allowed: true });
  });
});
