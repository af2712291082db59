import Link from "next/link";
import { BrandMark } from "./brand-mark";
import { DisplaySettingsControls } from "./display-settings-controls";
import { CallUs } from "./phone-link";

export function SiteHeader() {
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
        <CallUs className="call-us" />
      </div>
    </header>
  );
}
