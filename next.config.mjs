/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Keep build output beside the sources; `npm start` checks it against a stamp of the inputs.
  typedRoutes: false,
  // The type check is `npm test`'s (next typegen, then tsc over the whole project, route types included); checking
  // again inside every build cost 20 s of each `npm start` and test run (docs/decisions/0016-test-suite-time.md).
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Routines are stored up to 5 MB (lib/db/routines/routine-inputs.ts); pasted JSON is larger when pretty-printed.
    serverActions: { bodySizeLimit: "10mb" },
  },
};

export default nextConfig;
