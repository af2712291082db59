// `npm run bench:documents`: how long a plan summary PDF takes to make. Prints the median and
// 95th percentile of the renderer alone and of the whole `GET /api/plan/{id}/document/summary`
// call, over BENCH_RUNS runs (100 by default) after a warm-up. The target is a median under
// 50 ms for the summary (issue 9).
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runOnPinnedNode } from "./pinned-node.mjs";

await runOnPinnedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const targetMs = 50;

const child = spawn(
  process.execPath,
  [path.join(root, "node_modules/tsx/dist/cli.mjs"), path.join(root, "scripts/bench/documents.ts")],
  { stdio: ["ignore", "pipe", "inherit"] },
);
let output = "";
child.stdout.on("data", (chunk) => (output += chunk));
const [code] = await once(child, "exit");
if (code !== 0) process.exit(code ?? 1);
const { runs, renderer, wholeCall } = JSON.parse(output.trim().split("\n").at(-1));

console.log(`Plan summary PDF, ${runs} runs after a warm-up:`);
console.log(`  renderer (blocks to PDF)            median ${renderer.median} ms, p95 ${renderer.p95} ms`);
console.log(`  GET /api/plan/{id}/document/summary median ${wholeCall.median} ms, p95 ${wholeCall.p95} ms`);
console.log(
  wholeCall.median < targetMs
    ? `Within the target: median under ${targetMs} ms.`
    : `Over the target: the median should be under ${targetMs} ms.`,
);
