/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Keep build output beside the sources; `npm start` checks it against a stamp of the inputs.
  typedRoutes: false,
  experimental: {
    // Routines are stored up to 5 MB (lib/db/routine-inputs.ts); pasted JSON is larger when pretty-printed.
    serverActions: { bodySizeLimit: "10mb" },
  },
};

export default nextConfig;
