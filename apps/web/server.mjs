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

const server = createServer((request, response) => {
  request.headers["x-forwarded-for"] = proxyAddr(request, trust);
  if (strictTransportSecurity) response.setHeader("strict-transport-security", strictTransportSecurity);
  handle(request, response);
});

// Requests in flight finish before the process stops; idle keep-alive connections are closed.
function stop() {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

server.listen(port);
