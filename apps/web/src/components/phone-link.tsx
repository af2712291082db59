import { supportPhone } from "@kindred/domain";

/** "Call us free on 0808 157 0192", with the opening hours. */
export function CallUs({ className }: { className?: string }) {
  return (
    <p className={className}>
      Call us free on{" "}
      <a className="phone-link" href={`tel:${supportPhone.dial}`}>
        {supportPhone.display}
      </a>
      <span className="call-us__hours">{supportPhone.hours}</span>
    </p>
  );
}
