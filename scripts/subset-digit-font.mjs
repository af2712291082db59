// Makes the digits-only font the site shows numbers in (issue 8 item 6: Atkinson Hyperlegible
// Next draws a slashed zero, which reads oddly in prices and phone numbers, and has no feature to
// turn it off). Inter's digits, with a plain zero, are cut down to 0-9 so the font costs about
// 2 kB. Run after changing the source font: node scripts/subset-digit-font.mjs
import { readFile, writeFile } from "node:fs/promises";
import subsetFont from "subset-font";

const source = (weight) =>
  new URL(`../node_modules/@fontsource/inter/files/inter-latin-${weight}-normal.woff2`, import.meta.url);
const target = (weight) => new URL(`../apps/web/src/fonts/digits-${weight}.woff2`, import.meta.url);

for (const weight of [400, 700]) {
  const subset = await subsetFont(await readFile(source(weight)), "0123456789", { targetFormat: "woff2" });
  await writeFile(target(weight), subset);
}
