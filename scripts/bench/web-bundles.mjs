// The first-load JavaScript of a page, chunk by chunk, with the biggest modules in each: what
// `npm run bench:web` prints so the next reduction knows where the bytes are (issue 28 item 2).
// Chunk lists come from the build's own report (`.next/diagnostics/route-bundle-stats.json`),
// sizes are the built files compressed here with gzip and brotli, and the modules come from
// Next.js's bundle analyser (`next experimental-analyze --output`, which compiles the app again
// into `.next/diagnostics/analyze` without touching the build) read back through its JSON Lines
// export.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** A file's size compressed as a server would send it: gzip at level 6 and brotli at quality 11. */
export function compressedSizes(file) {
  const bytes = readFileSync(file);
  return {
    gzip: gzipSync(bytes, { level: 6 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/**
 * The analyser's saved graph, made once for each build (it costs a second compile of the app);
 * false if it could not be made.
 */
function ensureAnalysis(webFolder, next, env, statsFile) {
  const folder = path.join(webFolder, ".next/diagnostics/analyze");
  if (existsSync(folder) && statSync(folder).mtimeMs > statSync(statsFile).mtimeMs) return true;
  rmSync(folder, { recursive: true, force: true });
  const made = spawnSync(process.execPath, [next, "experimental-analyze", "--output"], {
    cwd: webFolder,
    env,
    stdio: "ignore",
  });
  return made.status === 0 && existsSync(folder);
}

/** The analyser's parts (a module's share of an output file) for one route, or [] without an analysis. */
function analysedParts(webFolder, next, env, route) {
  const exported = spawnSync(process.execPath, [next, "experimental-analyze", "export", "--route", route], {
    cwd: webFolder,
    env,
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
  });
  if (exported.status !== 0) return [];
  return exported.stdout
    .split("\n")
    .filter((line) => line.includes('"type":"part"'))
    .map((line) => JSON.parse(line));
}

/** A module path shortened to what a reader recognises: the package, or the file in the repository. */
function moduleName(sourcePath) {
  const packageName = sourcePath.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/);
  if (packageName) return `${packageName[1]}: ${packageName[2]}`;
  return sourcePath.replace(/^\[project\]\//, "").replace(/ \[.*\]$/, "");
}

/**
 * Strings a module's source holds that its minified code keeps as they are: quoted literals of 10
 * to 120 characters with no escapes (class names, messages, error texts, keys). Import paths and
 * the like are among them too; they are found in no built chunk, so they tip no pairing.
 */
function fingerprintsOf(sourceFile) {
  let text;
  try {
    text = readFileSync(sourceFile, "utf8");
  } catch {
    return [];
  }
  const found = new Set();
  for (const match of text.matchAll(/"([^"\\\n]{10,120})"|'([^'\\\n]{10,120})'/g))
    found.add(match[1] ?? match[2]);
  return [...found];
}

/**
 * The analyser compiles the app again and its chunks get other names than the build's, so each of
 * the build's chunks is paired with the analyser's client chunk whose modules' strings it holds
 * most of (each used once, best pairs first, at least 3 strings found, sizes within half of each
 * other), and by size alone only where no strings decide (within 3 per cent). Pairing by size alone put the form engine's modules under
 * the dialog's chunk, 2 per cent apart (decision 033's amendment).
 */
function pairChunks(chunks, parts, projectFolder) {
  const analysed = new Map();
  for (const part of parts.filter(({ filename }) => /\/static\/chunks\/[^/]+\.js$/.test(filename))) {
    const entry = analysed.get(part.filename) ?? { size: 0, sources: new Set() };
    entry.size += part.size;
    entry.sources.add(part.source_path.replace(/^\[project\]\//, "").replace(/ \[.*\]$/, ""));
    analysed.set(part.filename, entry);
  }
  const candidates = [];
  for (const [filename, { size, sources }] of analysed) {
    const fingerprints = new Set(
      [...sources].flatMap((source) => fingerprintsOf(path.join(projectFolder, source))),
    );
    for (const chunk of chunks) {
      let found = 0;
      for (const fingerprint of fingerprints) if (chunk.text.includes(fingerprint)) found += 1;
      candidates.push({ chunk, filename, found, gap: Math.abs(size - chunk.raw) });
    }
  }
  candidates.sort((a, b) => b.found - a.found || a.gap - b.gap);
  const paired = new Map();
  const taken = new Set();
  const pair = ({ chunk, filename }) => {
    if (paired.has(chunk.name) || taken.has(filename)) return;
    paired.set(chunk.name, filename);
    taken.add(filename);
  };
  // Strings decide between chunks of a like size only: a chunk of the runtime holds a few strings
  // of any big lazy chunk too.
  for (const candidate of candidates)
    if (candidate.found >= 3 && candidate.gap <= candidate.chunk.raw * 0.5) pair(candidate);
  const bySize = candidates.filter(({ gap, chunk }) => gap <= chunk.raw * 0.03).sort((a, b) => a.gap - b.gap);
  for (const candidate of bySize) pair(candidate);
  return paired;
}

/**
 * Each route's first-load chunks, biggest (brotli) first, with their gzip and brotli sizes and,
 * when the analyser could attribute them, the `modulesPerChunk` biggest modules in each (their
 * compressed size as the analyser estimates it). Answers null when the build has no report.
 */
export function firstLoadChunks(webFolder, next, env, routes, modulesPerChunk = 6) {
  const statsFile = path.join(webFolder, ".next/diagnostics/route-bundle-stats.json");
  if (!existsSync(statsFile)) return null;
  const stats = JSON.parse(readFileSync(statsFile, "utf8"));
  const analysed = ensureAnalysis(webFolder, next, env, statsFile);
  return routes.map((route) => {
    const entry = stats.find((candidate) => candidate.route === route);
    if (!entry) return { route, chunks: [], analysed };
    const parts = analysed ? analysedParts(webFolder, next, env, route) : [];
    const built = entry.firstLoadChunkPaths.map((chunkPath) => {
      const file = path.join(webFolder, chunkPath);
      const text = readFileSync(file, "utf8");
      return { name: path.basename(chunkPath), raw: Buffer.byteLength(text), text, ...compressedSizes(file) };
    });
    const paired = pairChunks(built, parts, path.resolve(webFolder, "../.."));
    const chunks = built.map((chunk) => {
      const byModule = new Map();
      for (const part of parts.filter(({ filename }) => filename === paired.get(chunk.name))) {
        const module = moduleName(part.source_path);
        byModule.set(module, (byModule.get(module) ?? 0) + part.compressed_size);
      }
      const modules = [...byModule.entries()]
        .map(([module, compressed]) => ({ module, compressed }))
        .sort((a, b) => b.compressed - a.compressed);
      const { text: _text, ...sizes } = chunk;
      return { ...sizes, moduleCount: modules.length, modules: modules.slice(0, modulesPerChunk) };
    });
    chunks.sort((a, b) => b.brotli - a.brotli);
    return { route, analysed, chunks };
  });
}
