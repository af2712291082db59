import localFont from "next/font/local";

/**
 * Atkinson Hyperlegible Next, designed by the Braille Institute for low-vision readers, served
 * from this site (no font is fetched from anywhere else at run time).
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
  display: "swap",
  variable: "--font-body",
  fallback: ["Verdana", "Arial", "sans-serif"],
});
