import type { ReactNode } from "react";
import Link from "next/link";
import { BrandMark } from "./brand-mark";
import { DisplaySettingsControls } from "./display-settings-controls";
import { CallUs } from "./phone-link";

/** The page header; `account` is the account menu, given by the layout (it belongs to a feature). */
export function SiteHeader({ account }: { account?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="site-header__settings">
        <div className="page-width">
          <DisplaySettingsControls />
        </div>
      </div>
      <div className="page-width site-header__main">
        <Link href="/" className="brand">
          <BrandMark />
          <span className="brand__name">Kindred Funeral Plans</span>
        </Link>
        <div className="site-header__aside">
          <CallUs className="call-us" />
          {/* Someone who has just lost a person finds the way to tell us from every page. */}
          <Link href="/notify-a-death" className="site-header__notify">
            Tell us someone has died
          </Link>
          {account}
        </div>
      </div>
    </header>
  );
}
