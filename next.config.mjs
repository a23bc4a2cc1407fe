/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Keep build output beside the sources; `npm start` checks it against a stamp of the inputs.
  typedRoutes: false,
};

export default nextConfig;
