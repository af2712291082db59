import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { PageExtras } from "@/components/page-extras";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { UtmCapture } from "@/components/utm-capture";
import { AccountMenu } from "@/features/account/account-menu";
import { displaySettingsScript } from "@/lib/display-settings";
import { bodyFont, digitFont } from "@/lib/fonts";
import { journeyAnswersScript, newVisitorStepScript } from "@/lib/journey-answers-script";
import { QueryProvider } from "@/lib/query-provider";
import { getServerConfig } from "@/lib/server-config.server";
import "./globals.css";

const siteName = "Kindred Funeral Plans";
const defaultTitle = "Prepaid funeral plans | Kindred Funeral Plans";
const description =
  "Arrange and pay for your funeral in advance with a prepaid funeral plan from Kindred Funeral Plans. " +
  "See the price as you choose, with no pressure, and cancel at any time for a full refund.";

export const metadata: Metadata = {
  metadataBase: new URL(getServerConfig().SITE_URL),
  title: { default: defaultTitle, template: `%s | ${siteName}` },
  description,
  applicationName: siteName,
  openGraph: {
    type: "website",
    locale: "en_GB",
    siteName,
    title: defaultTitle,
    description,
    url: "/",
  },
  twitter: { card: "summary", title: defaultTitle, description },
  robots: { index: true, follow: true },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: "#1d4e5f",
  colorScheme: "light",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The Content-Security-Policy's nonce for this response (proxy.ts): our one inline script needs it.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // The inline script sets data-zoom, data-contrast and data-journey-answers before React hydrates,
    // and sends a new visitor who opens a later journey step to the first.
    <html lang="en-GB" className={`${digitFont.variable} ${bodyFont.variable}`} suppressHydrationWarning>
      <head>
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `${displaySettingsScript};${journeyAnswersScript};${newVisitorStepScript}`,
          }}
        />
      </head>
      <body>
        <a href="#main-content" className="skip-link">
          Skip to main content
        </a>
        <QueryProvider>
          {/* The cookie banner (first, so it is met first), error reporting and third parties. */}
          <PageExtras />
          <UtmCapture />
          <SiteHeader account={<AccountMenu />} />
          <main id="main-content" className="site-main" tabIndex={-1}>
            {children}
          </main>
          <SiteFooter />
        </QueryProvider>
      </body>
    </html>
  );
}
