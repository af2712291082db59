// How the servers stop: `npm start`'s process (scripts/start.mjs) on a signal, and the web server
// on SIGTERM with a request in flight. Each test starts servers of its own, on ports the kernel
// picks, so the suite's servers are not disturbed.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "../../../test-setup/free-port";

// Screens: none: how the servers stop, with no browser.

const repositoryRoot = path.resolve(import.meta.dirname, "../../..");

/** The processes (by id) whose environment carries `marker`: a process and all it started. */
function processesMarked(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, "latin1").includes(marker)) found.push(Number(entry));
    } catch {
      // gone already, or not ours to read
    }
  }
  return found;
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

async function startNpmStart(settings: Record<string, string> = {}) {
  const token = randomUUID();
  const marker = `KINDRED_STOPPING_TEST=${token}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "kindred-stopping-"));
  const [webPort, apiPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      KINDRED_STOPPING_TEST: token,
      PORT: String(webPort),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  return {
    child,
    marker,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    output: () => output,
    async cleanUp() {
      for (const pid of processesMarked(marker)) process.kill(pid, "SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  test(`npm start stops the API and the web server on ${signal}, and exits once both have`, async () => {
    const started = await startNpmStart();
    try {
      await expect.poll(started.output, { timeout: 120_000 }).toContain("Kindred Funeral Plans is running");
      // npm start's process, the API and the web server.
      expect(processesMarked(started.marker)).toHaveLength(3);

      started.child.kill(signal);

      expect(await exited(started.child)).toBe(0);
      expect(processesMarked(started.marker)).toEqual([]);
    } finally {
      await started.cleanUp();
    }
  });
}

test("a signal while the API is starting stops it and starts no web server", async () => {
  // The API listens but is not ready (its database is not migrated), and takes 2 seconds to stop:
  // long enough that npm start, if it went on, would start the web server meanwhile.
  const started = await startNpmStart({ MIGRATE_ON_START: "false", SHUTDOWN_DELAY_SECONDS: "2" });
  try {
    await expect
      .poll(
        () =>
          fetch(`${started.apiUrl}/readyz`).then(
            (answer) => answer.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(503);
    expect(processesMarked(started.marker)).toHaveLength(2);

    started.child.kill("SIGTERM");

    expect(await exited(started.child)).toBe(0);
    expect(processesMarked(started.marker)).toEqual([]);
    expect(started.output()).not.toContain("is running");
  } finally {
    await started.cleanUp();
  }
});

test.describe("the web server on SIGTERM", () => {
  async function startWebServer(settings: Record<string, string> = {}) {
    const port = await freePort();
    const child = spawn(process.execPath, ["server.mjs"], {
      cwd: path.join(repositoryRoot, "apps/web"),
      // No API behind it: these tests are about the web server itself.
      env: {
        ...process.env,
        PORT: String(port),
        API_URL: `http://127.0.0.1:${await freePort()}`,
        ...settings,
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        () =>
          fetch(`${url}/healthz`).then(
            (answer) => answer.status,
            () => 0,
          ),
        { timeout: 60_000 },
      )
      .toBe(200);
    return { child, url };
  }

  test("finishes the request in flight, takes no new connections, and exits 0", async () => {
    const { child, url } = await startWebServer();
    try {
      const body = "grant_type=client_credentials&scope=APPLICATION";
      const outgoing = request(`${url}/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
        },
      });
      const answered = new Promise<number>((resolve, reject) => {
        outgoing.on("response", (response) => {
          response.resume();
          response.on("end", () => resolve(response.statusCode ?? 0));
        });
        outgoing.on("error", reject);
      });
      const connected = new Promise((resolve) =>
        outgoing.on("socket", (socket) => socket.on("connect", resolve)),
      );
      outgoing.write(body.slice(0, 10));
      await connected;
      // Answered on a connection made after ours: ours has been taken in, and its request begun.
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      child.kill("SIGTERM");
      await expect
        .poll(() =>
          fetch(`${url}/healthz`).then(
            () => "answered",
            (error: { cause?: { code?: string } }) => error.cause?.code,
          ),
        )
        .toBe("ECONNREFUSED");
      expect(child.exitCode).toBeNull();

      outgoing.end(body.slice(10));
      // An answer (the API behind it is not running), not a connection cut off.
      expect(await answered).toBeGreaterThanOrEqual(200);
      expect(await exited(child)).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });

  test("answers /readyz 503 while it drains, and /healthz 200, until the wait ends", async () => {
    const { child, url } = await startWebServer({ SHUTDOWN_DELAY_SECONDS: "300" });
    try {
      expect((await fetch(`${url}/readyz`)).status).toBe(200);

      child.kill("SIGTERM");
      await expect.poll(() => fetch(`${url}/readyz`).then((answer) => answer.status)).toBe(503);
      expect(await (await fetch(`${url}/readyz`)).json()).toEqual({
        status: "unavailable",
        reason: "draining",
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);

      child.kill("SIGTERM");
      expect(await exited(child)).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
