/**
 * Headers for every response, pages, API and assets alike: no MIME sniffing, no full URLs (which may hold ids) in the
 * Referer sent to other sites, no framing even where the page's Content-Security-Policy (proxy.ts) is not set, and
 * none of the powerful browser features the app does not use.
 */
const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  headers: async () => [{ source: "/:path*", headers: SECURITY_HEADERS }],
  reactStrictMode: true,
  poweredByHeader: false,
  // The OpenTelemetry SDK (lib/telemetry) is required from node_modules at run time, not bundled: one copy of the API
  // for our spans and Next's own, and the exporters' Node HTTP transport as published.
  serverExternalPackages: [
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/resources",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/exporter-trace-otlp-proto",
  ],
  // Keep build output beside the sources; `npm start` checks it against a stamp of the inputs.
  typedRoutes: false,
  // The type check is `npm test`'s (next typegen, then tsc over the whole project, route types included); checking
  // again inside every build cost 20 s of each `npm start` and test run (docs/decisions/0016-test-suite-time.md).
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Routines are stored up to 5 MB (lib/db/routines/routine-inputs.ts); pasted JSON is larger when pretty-printed.
    serverActions: { bodySizeLimit: "10mb" },
    // Turbopack's build cache makes the next build of changed sources about twice as fast, and writing it costs 19 s
    // of a build on 2 cores: the first build of a checkout (a fresh clone, CI) skips it (scripts/lib/prepare.mjs).
    turbopackFileSystemCacheForBuild: process.env.ROUTINE_STUDIO_BUILD_CACHE !== "off",
  },
};

export default nextConfig;
