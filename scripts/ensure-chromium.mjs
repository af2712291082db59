// End-to-end tests drive Debian's Chromium (Playwright cannot download its own browser here).
// Installs it when missing, so `npm test` and `npm run bench:web` work on a fresh machine.
import { ensureDebianPackages } from "./debian-packages.mjs";

ensureDebianPackages({
  binary: "/usr/bin/chromium",
  packages: ["chromium", "fonts-liberation"],
  name: "Chromium",
  purpose: "the end-to-end tests and the web benchmark",
});
