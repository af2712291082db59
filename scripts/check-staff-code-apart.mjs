// Checks the web build keeps the staff back office's code out of customer pages (issue 24;
// docs/decisions/031-staff-back-office.md): no JavaScript a customer page loads, at first or later
// through its client components, holds a call to the staff API. Run after `npm run build`; `npm run
// test:e2e` runs it between the build and the browser tests. Prints what it looked at; exits 1 on a
// leak, or when the build has no staff code to find (so the check cannot pass by looking at nothing).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "apps", "web");
const built = path.join(web, ".next");
/** Every staff screen calls the staff API through this path; no customer code ever does. */
const staffMarker = "/api/staff";

const isStaffRoute = (route) => route === "/staff" || route.startsWith("/staff/");

const chunkText = new Map();
function holdsStaffCode(chunk) {
  const file = path.join(web, chunk.replace(/^\/_next\//, ".next/"));
  if (!chunkText.has(file)) chunkText.set(file, existsSync(file) ? readFileSync(file, "utf8") : "");
  return chunkText.get(file).includes(staffMarker);
}

/** Each route's first-load chunks, as the build reports them. */
function firstLoadChunks() {
  const stats = path.join(built, "diagnostics", "route-bundle-stats.json");
  if (!existsSync(stats)) throw new Error(`No ${stats}: run npm run build first.`);
  return JSON.parse(readFileSync(stats, "utf8")).map(({ route, firstLoadChunkPaths }) => ({
    route,
    chunks: firstLoadChunkPaths,
  }));
}

/** Each page's client components and every chunk they may load, from its client reference manifest. */
function clientComponentChunks() {
  const pages = [];
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith("_client-reference-manifest.js")) {
        // The manifest is a script that fills `globalThis.__RSC_MANIFEST`: run it against a stand-in.
        const scope = {};
        new Function("globalThis", readFileSync(full, "utf8"))(scope);
        for (const [page, manifest] of Object.entries(scope.__RSC_MANIFEST)) {
          const chunks = Object.values(manifest.clientModules).flatMap((module) => module.chunks);
          pages.push({ route: page.replace(/\/page$/, "") || "/", chunks: [...new Set(chunks)] });
        }
      }
    }
  };
  walk(path.join(built, "server", "app"));
  return pages;
}

const routes = [...firstLoadChunks(), ...clientComponentChunks()];
const customer = routes.filter(({ route }) => !isStaffRoute(route));
const staff = routes.filter(({ route }) => isStaffRoute(route));
const leaks = customer.flatMap(({ route, chunks }) =>
  chunks.filter(holdsStaffCode).map((chunk) => `${route}: ${chunk}`),
);
const staffRoutesWithStaffCode = staff.filter(({ chunks }) => chunks.some(holdsStaffCode));

console.log(
  `Looked at ${new Set(customer.map(({ route }) => route)).size} customer routes and ` +
    `${new Set(staff.map(({ route }) => route)).size} staff routes (${chunkText.size} chunks).`,
);
if (staffRoutesWithStaffCode.length === 0) {
  console.error(`No staff route loads code holding "${staffMarker}": the check would find nothing.`);
  process.exit(1);
}
if (leaks.length > 0) {
  console.error(`Staff code reaches customer pages:\n  ${[...new Set(leaks)].join("\n  ")}`);
  process.exit(1);
}
console.log(`No customer page loads staff code ("${staffMarker}" found only in staff routes' chunks).`);
