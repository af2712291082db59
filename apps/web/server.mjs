// The web server: Next.js inside a plain Node HTTP server, started by `scripts/start.mjs`.
// It exists for one thing Next.js cannot do itself: know who the visitor is. Next.js keeps an
// `X-Forwarded-For` header that a browser made up, and the API limits sign-in attempts per
// address, so a made-up header would let one person pose as many, and without any header every
// visitor would share one address. Here the header is replaced by the visitor's real address:
// the connection's own, or, behind a load balancer named in WEB_TRUST_PROXY, the address that
// balancer saw.
import { createServer } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import next from "next";
// The one validated web config (Node runs the TypeScript by stripping its types).
import { loadWebConfigOrExit } from "./src/lib/web-config.ts";
import { refusalOf } from "./src/lib/request-gate.ts";

const config = loadWebConfigOrExit();
const trust = proxyAddr.compile(config.WEB_TRUST_PROXY);
const port = config.PORT;
const app = next({ dev: false, dir: import.meta.dirname, port });
const handle = app.getRequestHandler();
await app.prepare();

// Browsers are told to use HTTPS only when the site is served over it (SITE_URL).
const strictTransportSecurity = config.STRICT_TRANSPORT_SECURITY
  ? "max-age=31536000; includeSubDomains"
  : undefined;

// Probes, answered here rather than by Next.js: liveness (/healthz) is that this process
// answers; readiness (/readyz) turns 503 once a signal has come, so the load balancer stops
// sending requests here before the server stops taking connections. Neither asks the API: an
// API outage must not take every web server out of the load balancer or get it restarted.
let draining = false;
const probes = {
  "/healthz": () => [200, { status: "ok" }],
  "/readyz": () =>
    draining ? [503, { status: "unavailable", reason: "draining" }] : [200, { status: "ok" }],
};

const server = createServer((request, response) => {
  const probe = probes[request.url ?? ""];
  if (probe) {
    const [status, body] = probe();
    response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
    response.end(JSON.stringify(body));
    return;
  }
  // While stopping, each connection closes after its answer rather than waiting for another.
  if (draining) response.setHeader("connection", "close");
  request.headers["x-forwarded-for"] = proxyAddr(request, trust);
  if (strictTransportSecurity) response.setHeader("strict-transport-security", strictTransportSecurity);
  // A method the path does not take, or an address that is not UTF-8: refused before Next.js.
  const refusal = refusalOf(request.method, request.url);
  if (refusal) {
    response.writeHead(refusal.status, refusal.headers);
    response.end(refusal.body);
    return;
  }
  handle(request, response);
});

// SIGTERM or SIGINT: /readyz answers 503 at once; after SHUTDOWN_DELAY_SECONDS the server takes
// no more connections, the requests in flight finish, idle keep-alive connections are closed,
// and the process exits 0. A second signal ends the wait early.
let endDelay;
function close() {
  endDelay = undefined;
  server.close(() => process.exit(0));
  server.closeIdleConnections();
}
function stop() {
  if (draining) return endDelay?.();
  draining = true;
  const timer = setTimeout(close, config.SHUTDOWN_DELAY_SECONDS * 1000);
  endDelay = () => {
    clearTimeout(timer);
    close();
  };
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

server.listen(port);
