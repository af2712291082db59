import type { NextConfig } from "next";

/** Headers every page and response carries; nothing here depends on the environment. */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  // No page here uses the camera, microphone, location or other powerful features.
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), interest-cohort=()",
  },
];

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The shared packages are TypeScript source; Next compiles them with the app.
  transpilePackages: ["@kindred/domain", "@kindred/contracts"],
  typedRoutes: false,
  // The types are checked once, by \`npm run check\` (\`next typegen\`, then \`tsgo\` over the app and
  // the route types Next.js generates), which CI runs before it builds; checking them again in
  // every build took 18 s of it with \`tsc\` (docs/decisions/037).
  typescript: { ignoreBuildErrors: true },
  // Every picture is served from /public; no remote image is ever fetched or optimised.
  images: { remotePatterns: [], localPatterns: [{ pathname: "/images/**" }] },
  // Next.js's own redirect of an address ending in "/" comes before any of ours, so "/our-stories/"
  // would take two hops to the home page. It is switched off and made the last of ours instead.
  skipTrailingSlashRedirect: true,
  async redirects() {
    return [
      // SPEC.md section 2: the our-stories path goes to the home page, for good, in one hop with
      // or without a "/" at the end (a source matches both).
      { source: "/our-stories", destination: "/", permanent: true },
      // Any other address ending in "/" goes to the same address without it, as Next.js's would.
      { source: "/:path+/", destination: "/:path+", permanent: true },
    ];
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
