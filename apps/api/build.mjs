// Bundles the API into dist/server.js, the migrate step into dist/migrate.js and the first staff
// administrator's command into dist/create-staff-admin.js. Our workspace packages are TypeScript sources, so they
// are bundled in; every other dependency stays an import from node_modules.
import { build } from "esbuild";
import { readFileSync } from "node:fs";

const manifest = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
// The bundle targets the Node.js the project pins (the root package.json's `node` dependency).
const pinnedNode = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"))
  .dependencies.node;
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith("@kindred/"));

await build({
  entryPoints: ["src/server.ts", "src/migrate.ts", "src/create-staff-admin.ts"],
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: `node${pinnedNode}`,
  format: "esm",
  sourcemap: true,
  external: [...external, "zod", "zod/*"],
  logLevel: "warning",
});
