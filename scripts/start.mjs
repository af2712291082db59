// `npm start`: builds what is out of date, starts the API (which migrates and seeds its
// database) and the web app, and prints the address. Ctrl-C (SIGINT), SIGTERM or SIGHUP stops
// both cleanly, and this process exits only once both have.
//   --no-build   start what was built before (the end-to-end tests build first)
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { runOnPinnedNode } from "./pinned-node.mjs";

await runOnPinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

const webPort = process.env.PORT ?? "3000";
const apiPort = process.env.API_PORT ?? "4000";
// The web app always runs its production build. The API's NODE_ENV is the deployment's: left
// unset, it starts offline with its development defaults (PGlite, the outbox), which it refuses
// when NODE_ENV=production.
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  PORT: webPort,
  API_PORT: apiPort,
  API_URL: process.env.API_URL ?? `http://127.0.0.1:${apiPort}`,
};

const children = [];
let stopping = false;

// Listening before anything starts: a signal during the build or while the API starts stops
// what has started and starts nothing more (the web server once outlived a start-up cut short).
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(0));

if (!process.argv.includes("--no-build")) buildIfNeeded(env);

function startChild(name, args, cwd, childEnv) {
  if (stopping) return;
  const child = spawn(process.execPath, args, { cwd, env: { ...env, ...childEnv }, stdio: "inherit" });
  child.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`The ${name} stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
      stop(1);
    }
  });
  children.push(child);
}

async function waitFor(url, name) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!stopping) {
    console.error(`The ${name} did not become ready at ${url}.`);
    stop(1);
  }
}

function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (running.length === 0) process.exit(exitCode);
  let left = running.length;
  for (const child of running) {
    child.once("exit", () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
    child.kill("SIGTERM");
  }
}

startChild("API", [path.join(root, "apps/api/dist/server.js")], root, {
  NODE_ENV: process.env.NODE_ENV ?? "development",
  // The web server reaches the API from 127.0.0.1 and names each visitor in X-Forwarded-For; the
  // API believes that header from no one else. Empty (as in .env.example) is unset here too.
  TRUST_PROXY: process.env.TRUST_PROXY || "127.0.0.1",
});
await waitFor(`http://127.0.0.1:${apiPort}/readyz`, "API");
// startChild starts nothing once stopping (a signal while the API was starting).
startChild("web app", [path.join(root, "apps/web/server.mjs")], path.join(root, "apps/web"), {
  NODE_ENV: "production",
});
await waitFor(`http://127.0.0.1:${webPort}/`, "web app");
if (!stopping) {
  console.log(`\nKindred Funeral Plans is running at http://localhost:${webPort}`);
  console.log(
    `The API is at http://localhost:${apiPort} (documentation: http://localhost:${apiPort}/api/docs)`,
  );
  console.log("Press Ctrl-C to stop.\n");
}
