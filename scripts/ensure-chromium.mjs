// End-to-end tests drive Debian's Chromium (Playwright cannot download its own browser here).
// Installs it when missing, so `npm test` works on a fresh machine.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const chromium = "/usr/bin/chromium";
if (existsSync(chromium)) process.exit(0);

const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
console.log("Installing Debian's Chromium for the end-to-end tests…");
for (const command of [
  ["apt-get", "update"],
  ["apt-get", "install", "-y", "--no-install-recommends", "chromium", "fonts-liberation"],
]) {
  const [program, ...args] = [...asRoot, ...command];
  const result = spawnSync(program, args, {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) {
    console.error(
      `Could not install Chromium (${command.join(" ")} failed). Install the 'chromium' package and try again.`,
    );
    process.exit(1);
  }
}
