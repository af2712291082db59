import Link from "next/link";
import { CookieSettingsButton } from "./cookie-settings-button";
import { CallUs } from "./phone-link";
import {
  financialServicesRegisterUrl,
  purchaseMessages,
  regulatoryIdentity,
  supportPhone,
} from "@kindred/domain";

// Only pages that exist are linked (Next prefetches every link in view, and a dead link helps
// nobody).
const footerLinks = [
  { href: "/", label: "Home" },
  { href: "/planning/attendance", label: "Start planning your funeral" },
  { href: "/free-guide", label: "Our free guide" },
  { href: "/funeral-advice", label: "Funeral advice" },
  { href: "/faqs", label: "Questions and answers" },
  { href: "/notify-a-death", label: "Tell us someone has died" },
  { href: "/supportneeds", label: "Extra support" },
  { href: "/privacy-policy", label: "Privacy policy" },
  { href: "/cookie-policy", label: "Cookie policy" },
  { href: "/terms", label: "Terms and conditions" },
  { href: "/complaints", label: "Making a complaint" },
  { href: "/accessibility", label: "Accessibility statement" },
] as const;

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="page-width site-footer__inner">
        <div>
          <h2 className="site-footer__heading">Talk to us</h2>
          <CallUs className="call-us call-us--footer" />
          <p>No pressure and no obligation. We are happy to answer any question, however small.</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Find your way</h2>
          <ul className="site-footer__links">
            {footerLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{link.label}</Link>
              </li>
            ))}
            <li>
              <CookieSettingsButton />
            </li>
          </ul>
        </nav>
      </div>
      <div className="page-width site-footer__legal">
        <p>
          {regulatoryIdentity.authorised} {regulatoryIdentity.firmReference}{" "}
          <a href={financialServicesRegisterUrl}>{regulatoryIdentity.checkTheRegister}</a>.{" "}
          {regulatoryIdentity.registered}
        </p>
        <p>{purchaseMessages.cancellationStatement(supportPhone.display)}</p>
      </div>
    </footer>
  );
}
