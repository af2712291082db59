// The API as a real process, stopped as an orchestrator stops it: SIGTERM with a request in hand.
import { request } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startApiProcess, type ApiProcess } from "./support/api-process";

/** Starts a token request and sends only part of its body: the request is in flight until `finish()`. */
function requestInFlight(url: string) {
  const body = new URLSearchParams({
    grant_type: "client_credentials",
    scope: "APPLICATION",
    client_id: "nobody",
    client_secret: "not-the-secret-0123456789",
  }).toString();
  const outgoing = request(`${url}/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    outgoing.on("response", (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    outgoing.on("error", reject);
  });
  const half = Math.floor(body.length / 2);
  outgoing.write(body.slice(0, half));
  return { answered, finish: () => outgoing.end(body.slice(half)) };
}

async function connectionRefused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`);
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";
  }
}

function messages(api: ApiProcess): string[] {
  return api.lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

// Each test starts a process (tsx, PGlite in a folder, the migrations): slow on a busy machine.
const processTestTimeout = 120_000;

describe("stopping the API with SIGTERM", () => {
  let api: ApiProcess | undefined;
  afterEach(async () => {
    await api?.stop();
    api = undefined;
  });

  it(
    "stops taking connections, finishes the request in flight, then closes the queue and the database and exits 0",
    async () => {
      api = await startApiProcess();
      const inFlight = requestInFlight(api.url);
      await api.logged("incoming request");

      api.child.kill("SIGTERM");
      await api.logged("taking no more connections");
      await expect.poll(() => connectionRefused(api!.url)).toBe(true);
      expect(api.child.exitCode).toBeNull();

      inFlight.finish();
      const answer = await inFlight.answered;
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toMatchObject({ error: "invalid_client" });
      expect(await api.exited).toBe(0);
      const said = messages(api);
      expect(said.indexOf("stopped")).toBeGreaterThan(said.indexOf("request completed"));
    },
    processTestTimeout,
  );

  it(
    "answers /readyz 503 while it drains, still serving others, until the wait ends",
    async () => {
      api = await startApiProcess({ SHUTDOWN_DELAY_SECONDS: "300" });
      expect((await fetch(`${api.url}/readyz`)).status).toBe(200);

      api.child.kill("SIGTERM");
      await api.logged("draining");
      const readiness = await fetch(`${api.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(await readiness.json()).toEqual({ status: "unavailable", reason: "draining" });
      const liveness = await fetch(`${api.url}/healthz`);
      expect(liveness.status).toBe(200);
      const catalogue = await fetch(`${api.url}/api/plan-options`);
      expect(catalogue.status).not.toBe(503);

      // A second signal ends the wait (an orchestrator's grace period would otherwise end it).
      api.child.kill("SIGTERM");
      expect(await api.exited).toBe(0);
    },
    processTestTimeout,
  );
});
