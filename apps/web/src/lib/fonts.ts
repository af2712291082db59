import localFont from "next/font/local";

/**
 * Atkinson Hyperlegible Next, designed by the Braille Institute for low-vision readers, served
 * from this site (no font is fetched from anywhere else at run time). Shown only if it is in by the
 * first paint (it is preloaded), else the fallback stays for that page: a late swap re-wraps lines
 * and moves the page under the reader's eye (decision 048).
 */
export const bodyFont = localFont({
  src: [
    {
      path: "../../../../node_modules/@fontsource/atkinson-hyperlegible-next/files/atkinson-hyperlegible-next-latin-400-normal.woff2",
      weight: "400",
      style: "normal",
    },
    {
      path: "../../../../node_modules/@fontsource/atkinson-hyperlegible-next/files/atkinson-hyperlegible-next-latin-700-normal.woff2",
      weight: "700",
      style: "normal",
    },
  ],
  display: "optional",
  variable: "--font-body",
  fallback: ["Verdana", "Arial", "sans-serif"],
});

/**
 * Numbers in a plain zero: Atkinson Hyperlegible Next draws 0 with a slash, which reads oddly in
 * prices and phone numbers. This font holds only the digits 0 to 9 (Inter's, cut down by
 * scripts/subset-digit-font.mjs) and stands first in the font stack, so every other character
 * still comes from the body font.
 */
export const digitFont = localFont({
  src: [
    { path: "../fonts/digits-400.woff2", weight: "400", style: "normal" },
    { path: "../fonts/digits-700.woff2", weight: "700", style: "normal" },
  ],
  display: "optional",
  variable: "--font-digits",
  declarations: [{ prop: "unicode-range", value: "U+0030-0039" }],
  // No metric-matched fallback: it would cover every character, not just the digits.
  adjustFontFallback: false,
  fallback: [],
});
