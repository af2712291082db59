// End-to-end tests and the web benchmark drive Debian's Chromium (Playwright cannot download its
// own browser here). Installs what the command needs when it is missing, so `npm test` and
// `npm run bench:web` work on a fresh machine:
//   node scripts/ensure-chromium.mjs shell    the headless shell, for the end-to-end tests: the old
//                                             headless mode Playwright's own headless runs use,
//                                             lighter than the full browser (docs/decisions/037)
//   node scripts/ensure-chromium.mjs browser  the full browser, for the web benchmark (Lighthouse)
import { ensureDebianPackages } from "./debian-packages.mjs";

const wanted = process.argv[2];
if (wanted === "shell") {
  ensureDebianPackages({
    binary: "/usr/bin/chromium-headless-shell",
    packages: ["chromium-headless-shell", "fonts-liberation"],
    name: "Chromium's headless shell",
    purpose: "the end-to-end tests",
  });
} else if (wanted === "browser") {
  ensureDebianPackages({
    binary: "/usr/bin/chromium",
    packages: ["chromium", "fonts-liberation"],
    name: "Chromium",
    purpose: "the web benchmark",
  });
} else {
  console.error("Usage: node scripts/ensure-chromium.mjs shell|browser");
  process.exit(1);
}
