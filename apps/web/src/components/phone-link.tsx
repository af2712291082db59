import { atNeedPhone, supportPhone } from "@kindred/domain";

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

/**
 * The line for telling us of a death (issue 23 item 4), a number of its own answered day and
 * night, apart from the sales line and its opening hours.
 */
export function CallTheAtNeedLine({ className }: { className?: string }) {
  return (
    <p className={className}>
      Call us free on{" "}
      <a className="phone-link" href={`tel:${atNeedPhone.dial}`}>
        {atNeedPhone.display}
      </a>
      <span className="call-us__hours">Answered {atNeedPhone.hours}</span>
    </p>
  );
}
