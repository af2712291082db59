// The project runs on one Node.js version, pinned as the `node` dependency in the root
// package.json (npm installs that binary into node_modules/.bin, and npm scripts put it first on
// the PATH). A script started some other way, `node scripts/start.mjs` with the machine's own
// Node, say, calls `runOnPinnedNode()` first and is started again on the pinned one.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

/** The exact version, for example "24.21.0". */
export const pinnedNodeVersion = manifest.dependencies.node;
export const pinnedNodeMajor = Number(pinnedNodeVersion.split(".")[0]);
const pinnedNodeBinary = path.join(root, "node_modules/node/bin/node");

/** Resolves when this process runs on the pinned Node.js; otherwise re-runs the script on it. */
export async function runOnPinnedNode() {
  if (process.versions.node === pinnedNodeVersion) return;
  if (!existsSync(pinnedNodeBinary)) {
    console.error(
      `This project runs on Node.js ${pinnedNodeVersion}, installed by npm: run \`npm install\` first (this is Node.js ${process.versions.node}).`,
    );
    process.exit(1);
  }
  const child = spawn(pinnedNodeBinary, process.argv.slice(1), { stdio: "inherit" });
  // Passed on, so the script stops its own children; this process exits once it has.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on("exit", (exitCode) => resolve(exitCode ?? 1)));
  process.exit(code);
}
