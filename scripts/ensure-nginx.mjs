// The load run (`npm run load`) puts Debian's nginx in front of the web and API processes, as a
// deployment's load balancer would. Installs it when missing, like ensure-chromium.mjs does for
// the end-to-end tests. Only the binary is used: the load run starts nginx as an ordinary process
// with its own configuration, never the system service.
import { ensureDebianPackages } from "./debian-packages.mjs";

export const nginxBinary = "/usr/sbin/nginx";

export function ensureNginx() {
  // nginx-light would do too; nginx is the package every Debian release has.
  ensureDebianPackages({ binary: nginxBinary, packages: ["nginx"], name: "nginx", purpose: "the load run" });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureNginx();
