// The first-load JavaScript of the routes named, from the last `npm run build`: each route's
// first-load chunks as the build's own report lists them (`.next/diagnostics/route-bundle-stats.json`),
// compressed here as `npm run bench:web` compresses them (gzip 6, brotli 11; kB of 1024 bytes).
// A quick reading between builds, without the bench's browsers and its second compile:
//   npm run build && npm run bench:first-load -- /planning/attendance / /faqs
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { compressedSizes } from "./bench/web-bundles.mjs";

const webFolder = path.join(import.meta.dirname, "../apps/web");
const statsFile = path.join(webFolder, ".next/diagnostics/route-bundle-stats.json");
if (!existsSync(statsFile)) {
  console.error("No build report: run `npm run build` first.");
  process.exit(1);
}
const stats = JSON.parse(readFileSync(statsFile, "utf8"));
const routes = process.argv.slice(2);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log("route                          chunks  gzip       brotli");
for (const route of routes.length > 0 ? routes : ["/", "/planning/attendance"]) {
  const entry = stats.find((candidate) => candidate.route === route);
  if (!entry) {
    console.log(`${route.padEnd(30)} not a route of this build`);
    continue;
  }
  let gzip = 0;
  let brotli = 0;
  for (const chunk of entry.firstLoadChunkPaths) {
    const sizes = compressedSizes(path.join(webFolder, chunk));
    gzip += sizes.gzip;
    brotli += sizes.brotli;
  }
  console.log(
    `${route.padEnd(30)} ${String(entry.firstLoadChunkPaths.length).padEnd(7)} ${kb(gzip).padEnd(10)} ${kb(brotli)}`,
  );
}
