import { pinnedNodeVersion } from "./pinned-node";

/** Vitest's global setup: says once which Node.js the tests run on. */
export default function reportNode(): void {
  process.stdout.write(`Tests run on Node.js ${process.version} (the project pins ${pinnedNodeVersion})\n`);
}
