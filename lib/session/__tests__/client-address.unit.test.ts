import { describe, expect, it, vi } from "vitest";
import { clientAddress, trustedProxyHops, UNKNOWN_CLIENT } from "../client-address";

const forwardedFor = (...values: string[]) => {
  const headers = new Headers();
  for (const value of values) headers.append("x-forwarded-for", value);
  return headers;
};

describe("clientAddress", () => {
  it("trusts no header without a proxy setting: every client, whatever it claims, is the unknown client", () => {
    for (const headers of [new Headers(), forwardedFor("203.0.113.7"), forwardedFor("203.0.113.7, 192.0.2.10")]) {
      expect(clientAddress(headers, 0)).toEqual({ ip: null, bucket: UNKNOWN_CLIENT });
    }
  });

  it("with one proxy, reads the address that proxy appended, never the client's own entries left of it", () => {
    expect(clientAddress(forwardedFor("192.0.2.10"), 1)).toEqual({ ip: "192.0.2.10", bucket: "192.0.2.10" });
    expect(clientAddress(forwardedFor("203.0.113.7, 192.0.2.10"), 1).bucket).toBe("192.0.2.10");
    expect(clientAddress(forwardedFor("1.1.1.1, 2.2.2.2, 192.0.2.10"), 1).bucket).toBe("192.0.2.10");
    // A second header line is joined after the first, as Node joins repeated headers.
    expect(clientAddress(forwardedFor("203.0.113.7", "192.0.2.10"), 1).bucket).toBe("192.0.2.10");
  });

  it("with two proxies, reads the second entry from the right", () => {
    expect(clientAddress(forwardedFor("203.0.113.7, 192.0.2.10, 10.0.0.2"), 2).bucket).toBe("192.0.2.10");
  });

  it("is unknown when fewer proxies appended than configured, or the trusted entry is not an address", () => {
    expect(clientAddress(new Headers(), 1).bucket).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(forwardedFor("192.0.2.10"), 2).bucket).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(forwardedFor("203.0.113.7, not-an-address"), 1).bucket).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(forwardedFor("203.0.113.7, unknown"), 1).bucket).toBe(UNKNOWN_CLIENT);
  });

  it("drops ports, brackets and the IPv4-in-IPv6 mapping, so one client is one bucket", () => {
    expect(clientAddress(forwardedFor("192.0.2.10:51234"), 1).bucket).toBe("192.0.2.10");
    expect(clientAddress(forwardedFor("::ffff:192.0.2.10"), 1).bucket).toBe("192.0.2.10");
    expect(clientAddress(forwardedFor("[2001:db8::1]:443"), 1).ip).toBe("2001:db8::1");
  });

  it("counts IPv6 clients per /64, so rotating through one's own block does not escape the throttle", () => {
    const a = clientAddress(forwardedFor("2001:DB8:0:1::1"), 1);
    const b = clientAddress(forwardedFor("2001:db8:0:1:ffff:ffff:ffff:fffe"), 1);
    const other = clientAddress(forwardedFor("2001:db8:0:2::1"), 1);
    expect(a).toEqual({ ip: "2001:db8:0:1::1", bucket: "2001:db8:0:1::/64" });
    expect(b.bucket).toBe(a.bucket);
    expect(other.bucket).not.toBe(a.bucket);
  });
});

describe("trustedProxyHops", () => {
  it("defaults to 0 and reads whole numbers up to 10", () => {
    expect(trustedProxyHops(undefined)).toBe(0);
    expect(trustedProxyHops("")).toBe(0);
    expect(trustedProxyHops("2")).toBe(2);
    expect(trustedProxyHops(" 1 ")).toBe(1);
  });

  it("falls back to 0, trusting no header, for anything else, and says so", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const value of ["-1", "1.5", "yes", "11"]) expect(trustedProxyHops(value)).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("TRUSTED_PROXY_HOPS"));
    warn.mockRestore();
  });
});
