import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { firmDetails } from "@kindred/domain";
import type { ReactNode } from "react";
import { CustomerSiteOnly } from "@/components/customer-site-only";
import { PageExtras } from "@/components/page-extras";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { UtmCapture } from "@/components/utm-capture";
import { AccountMenu } from "@/features/account/account-menu";
import { displaySettingsScript } from "@/lib/display-settings";
import { bodyFont, digitFont } from "@/lib/fonts";
import { journeyAnswersScript, newVisitorStepScript } from "@/lib/journey-answers-script";
import { getServerConfig } from "@/lib/server-config.server";
import { signedInScript } from "@/lib/signed-in-script";
import { sharingTags, siteDescription, siteTitle } from "@/lib/page-metadata";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(getServerConfig().SITE_URL),
  title: { default: siteTitle, template: `%s | ${firmDetails.tradingName}` },
  description: siteDescription,
  applicationName: firmDetails.tradingName,
  // A page with no sharing tags of its own shares the site's (with no address: each page that
  // search engines may list says its own).
  ...sharingTags(siteTitle, siteDescription),
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
    // The inline script sets data-zoom, data-contrast, data-journey-answers and data-signed-in before React hydrates,
    // and sends a new visitor who opens a later journey step to the first.
    <html lang="en-GB" className={`${digitFont.variable} ${bodyFont.variable}`} suppressHydrationWarning>
      <head>
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `${displaySettingsScript};${journeyAnswersScript};${newVisitorStepScript};${signedInScript}`,
          }}
        />
      </head>
      <body>
        <a href="#main-content" className="skip-link">
          Skip to main content
        </a>
        {/* The cookie banner (first, so it is met first), error reporting and third parties. */}
        <PageExtras />
        {/* The staff back office (/staff) has its own frame: app/staff/layout.tsx. */}
        <CustomerSiteOnly>
          <UtmCapture />
          <SiteHeader account={<AccountMenu />} />
        </CustomerSiteOnly>
        {/* TanStack Query's provider is in the layouts of the parts that read server data with it (decision 033). */}
        <main id="main-content" className="site-main" tabIndex={-1}>
          {children}
        </main>
        <CustomerSiteOnly>
          <SiteFooter />
        </CustomerSiteOnly>
      </body>
    </html>
  );
}
