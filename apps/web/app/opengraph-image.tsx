import { readFile } from "node:fs/promises";
import path from "node:path";
import { ImageResponse } from "next/og";
import { firmDetails } from "@kindred/domain";

/**
 * The picture a link to this site shows when it is shared (issue 25 item 11): 1200 by 630, made
 * once when the site is built, in the site's own colours and type (globals.css). Every page names
 * it in its sharing tags (src/lib/page-metadata.ts).
 */
export const alt = `${firmDetails.tradingName}: prepaid funeral plans`;
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

const colours = { page: "#fbf8f3", text: "#2b2b2b", secondary: "#4f4a45", accent: "#1d4e5f" };

/** Atkinson Hyperlegible Next, the site's type: WOFF, which the image renderer reads (not WOFF2). */
function bodyFont(weight: 400 | 700) {
  // The build runs in apps/web; the font package is in the repository's node_modules (fonts.ts).
  return readFile(
    path.join(
      process.cwd(),
      `../../node_modules/@fontsource/atkinson-hyperlegible-next/files/atkinson-hyperlegible-next-latin-${weight}-normal.woff`,
    ),
  );
}

export default async function Image() {
  const [regular, bold] = await Promise.all([bodyFont(400), bodyFont(700)]);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        background: colours.page,
        fontFamily: "Atkinson Hyperlegible Next",
      }}
    >
      <div
        style={{
          flex: 1,
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          padding: "0 96px",
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 24 }}>
          {/* The brand's leaf mark (app/icon.svg). */}
          <svg viewBox="0 0 40 40" width="88" height="88">
            <circle cx="20" cy="20" r="20" fill={colours.accent} />
            <path
              d="M20 31c0-9 3-15 10-19-9 0-15 5-15 12 0 2 .5 4 1.5 5.5M20 31c-1-5-4-8-9-9"
              fill="none"
              stroke={colours.page}
              strokeWidth="2.4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <div style={{ fontSize: 44, fontWeight: 700, color: colours.accent }}>
            {firmDetails.tradingName}
          </div>
        </div>
        <div style={{ marginTop: 56, fontSize: 84, fontWeight: 700, color: colours.text }}>
          Prepaid funeral plans
        </div>
        <div style={{ marginTop: 20, fontSize: 40, color: colours.secondary, lineHeight: 1.35 }}>
          Plan one question at a time and see the price as you choose, with no pressure.
        </div>
      </div>
      <div
        style={{
          display: "flex",
          alignItems: "center",
          height: 96,
          padding: "0 96px",
          background: colours.accent,
          color: colours.page,
          fontSize: 30,
        }}
      >
        Authorised and regulated by the Financial Conduct Authority
      </div>
    </div>,
    {
      ...size,
      fonts: [
        { name: "Atkinson Hyperlegible Next", data: regular, weight: 400, style: "normal" },
        { name: "Atkinson Hyperlegible Next", data: bold, weight: 700, style: "normal" },
      ],
    },
  );
}
