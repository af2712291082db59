// The load run (`npm run load`) puts Debian's nginx in front of the web and API processes, as a
// deployment's load balancer would. Installs it when missing, like ensure-chromium.mjs does for
// the end-to-end tests. Only the binary is used: the load run starts nginx as an ordinary process
// with its own configuration, never the system service.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const nginxBinary = "/usr/sbin/nginx";

export function ensureNginx() {
  if (existsSync(nginxBinary)) return;
  const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
  console.log("Installing Debian's nginx for the load run…");
  for (const command of [
    ["apt-get", "update"],
    // nginx-light would do too; nginx is the package every Debian release has.
    ["apt-get", "install", "-y", "-o", "DPkg::Lock::Timeout=300", "--no-install-recommends", "nginx"],
  ]) {
    const [program, ...args] = [...asRoot, ...command];
    const result = spawnSync(program, args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) {
      console.error(
        `Could not install nginx (${command.join(" ")} failed). Install the 'nginx' package and try again.`,
      );
      process.exit(1);
    }
  }
  if (!existsSync(nginxBinary)) {
    console.error(`nginx was installed but ${nginxBinary} is missing.`);
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureNginx();
