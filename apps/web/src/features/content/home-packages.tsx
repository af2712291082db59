import Link from "next/link";
import type { PlanPackage } from "@kindred/contracts";
import { formatPrice } from "@kindred/domain";

/** What a package includes, in a few plain lines, from its own contents. */
function includedIn(planPackage: PlanPackage): string[] {
  const cars = planPackage.attendeesTransportation.reduce((total, car) => total + car.quantity, 0);
  return [
    planPackage.celebrant.name,
    `${planPackage.coffin.name} coffin`,
    planPackage.deceaseTransportation.name,
    cars > 0 ? `${cars} ${cars === 1 ? "limousine" : "limousines"} for family` : null,
    planPackage.ashes ? `Ashes: ${planPackage.ashes.name.toLowerCase()}` : null,
  ].filter((line): line is string => line !== null);
}

/**
 * The catalogue's packages with their prices: each is the price of the journey it fills in,
 * priced by the same function as every journey (the API's plan options). Without them (the API
 * could not be reached), the section says prices are shown as you plan, rather than guessing.
 */
export function HomePackages({
  packages,
  startPlanningHref,
}: {
  packages: readonly PlanPackage[] | null;
  startPlanningHref: string;
}) {
  return (
    <section className="section" aria-labelledby="our-plans">
      <h2 id="our-plans">Our funeral plans</h2>
      {packages && packages.length > 0 ? (
        <>
          <p className="section__intro">
            Start with one of our plans and change anything you like, or build your own from the beginning.
            The price includes the funeral director&apos;s services, guaranteed, whenever the funeral takes
            place.
          </p>
          <ul className="card-grid package-grid">
            {packages.map((planPackage) => (
              <li key={planPackage.id}>
                <div className="card package-card">
                  <h3>{planPackage.name}</h3>
                  <p className="package-card__price">{formatPrice(planPackage.price)}</p>
                  <p>{planPackage.description}</p>
                  <h4 className="package-card__included">Included</h4>
                  <ul>
                    {includedIn(planPackage).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
              </li>
            ))}
          </ul>
          <p>
            <Link href={startPlanningHref}>Choose a plan, or build your own</Link>
          </p>
        </>
      ) : (
        <p className="section__intro">
          Our plans start with a simple cremation and go up to a full traditional funeral. You will see the
          price of every choice as you plan, before you decide anything.
        </p>
      )}
    </section>
  );
}
