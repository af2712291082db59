// Builds the API and the web app when either build is missing or older than the code it is made
// from. Shared by `npm start` and `npm run load`, which both run the production builds.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target)
    .filter((name) => name !== "node_modules" && name !== ".next" && name !== "dist")
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(target, name))), stats.mtimeMs);
}

function builtAt(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

/** Runs `npm run build` when needed; a failed build ends the process with its exit code. */
export function buildIfNeeded(env = process.env) {
  const sources = ["packages", "apps/api/src", "apps/web/app", "apps/web/src", "apps/web/public"]
    .map((folder) => newestChange(path.join(root, folder)))
    .concat(
      ["apps/web/next.config.ts", "package-lock.json"].map((file) => newestChange(path.join(root, file))),
    );
  const lastSourceChange = Math.max(...sources);
  const apiBuild = builtAt(path.join(root, "apps/api/dist/server.js"));
  const webBuild = builtAt(path.join(root, "apps/web/.next/BUILD_ID"));
  if (Math.min(apiBuild, webBuild) > lastSourceChange) return;
  console.log("Building the API and the web app (first start, or the code has changed)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
