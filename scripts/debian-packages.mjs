// Installs Debian packages a command needs when they are missing (as root, or through sudo), so
// the project's own scripts bring what its tests and runs use to a fresh machine.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/**
 * Returns at once when `binary` exists; otherwise installs `packages` with apt-get and checks the
 * binary is there. `name` and `purpose` make the messages ("Installing Debian's nginx for the load
 * run…"). Exits the process with a plain message when it cannot.
 */
export function ensureDebianPackages({ binary, packages, name, purpose }) {
  if (existsSync(binary)) return;
  const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
  console.log(`Installing Debian's ${name} for ${purpose}…`);
  for (const command of [
    ["apt-get", "update"],
    ["apt-get", "install", "-y", "-o", "DPkg::Lock::Timeout=300", "--no-install-recommends", ...packages],
  ]) {
    const [program, ...args] = [...asRoot, ...command];
    const result = spawnSync(program, args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) {
      console.error(
        `Could not install ${name} (${command.join(" ")} failed). Install the '${packages[0]}' package and try again.`,
      );
      process.exit(1);
    }
  }
  if (!existsSync(binary)) {
    console.error(`${name} was installed but ${binary} is missing.`);
    process.exit(1);
  }
}
