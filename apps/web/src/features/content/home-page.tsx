import Link from "next/link";
import type { AdviceArticleSummary, PlanPackage } from "@kindred/contracts";
import { adviceListPath, purchaseMessages, supportPhone } from "@kindred/domain";
import { CallUs } from "../../components/phone-link";
import { AdviceArticleCards } from "../../components/advice-article-card";
import { HomePackages } from "./home-packages";
import { ReviewsSection } from "../../components/reviews-section";

const startPlanningHref = "/planning/attendance";

const kindsOfFuneral = [
  {
    name: "Attended funeral",
    description:
      "A funeral service with family and friends, followed by a burial or cremation. Your funeral director arranges the service and looks after everyone on the day.",
  },
  {
    name: "Unattended cremation",
    description:
      "A simple cremation with no service and no mourners, sometimes called a direct cremation. Your ashes are returned to your loved ones afterwards.",
  },
  {
    name: "Private farewell",
    description:
      "Your closest family spend quiet time saying goodbye at the funeral director's, followed by a cremation with no service.",
  },
] as const;

const howItWorks = [
  {
    title: "Choose, one question at a time",
    text: "We ask one simple question on each page, such as what kind of funeral you would like. You can go back and change an answer whenever you want.",
  },
  {
    title: "See the price as you go",
    text: "The price of every option is shown before you choose it, and your total updates straight away. There are no surprises at the end.",
  },
  {
    title: "Save and come back",
    text: "There is no rush. You can stop at any point, talk it over with your family, and pick up where you left off.",
  },
] as const;

/** A branch with leaves; decoration only. */
function BranchPicture() {
  return (
    <svg className="hero__picture" viewBox="0 0 320 260" aria-hidden="true" focusable="false">
      <circle cx="170" cy="130" r="118" fill="currentColor" opacity="0.08" />
      <path
        d="M60 220 C 120 180, 170 140, 270 50"
        fill="none"
        stroke="currentColor"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <g fill="currentColor">
        <path d="M110 186 c -6 -30 8 -52 34 -60 c 4 28 -8 50 -34 60 z" opacity="0.85" />
        <path d="M112 188 c 26 -16 54 -12 72 8 c -26 16 -52 12 -72 -8 z" opacity="0.55" />
        <path d="M170 138 c -4 -32 12 -54 40 -60 c 2 30 -12 52 -40 60 z" opacity="0.7" />
        <path d="M172 140 c 28 -14 56 -8 72 14 c -28 14 -54 8 -72 -14 z" opacity="0.45" />
        <path d="M226 88 c -2 -26 12 -44 36 -48 c 0 24 -12 42 -36 48 z" opacity="0.85" />
        <path d="M228 90 c 22 -10 44 -4 56 14 c -22 10 -44 4 -56 -14 z" opacity="0.55" />
      </g>
    </svg>
  );
}

/**
 * The home page: what a prepaid funeral plan is, our plans with their prices, how it works, the
 * free guide and the latest advice. `packages` and `latestAdvice` are null when the API could not
 * be asked: the page still stands without them.
 */
export function HomePage({
  packages,
  latestAdvice,
}: {
  packages: readonly PlanPackage[] | null;
  latestAdvice: readonly AdviceArticleSummary[] | null;
}) {
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <div className="page-width hero__inner">
          <div className="hero__text">
            <h1 id="home-title">Plan your funeral in advance, calmly and in your own time</h1>
            <p className="lead">
              A prepaid funeral plan lets you choose the funeral you want and pay for it now, so the people
              you love have fewer decisions to make and less to pay when the time comes.
            </p>
            <div className="hero__actions">
              <Link href={startPlanningHref} className="button button--start">
                Start planning
              </Link>
              <p>
                or call us free on{" "}
                <a className="phone-link" href={`tel:${supportPhone.dial}`}>
                  {supportPhone.display}
                </a>
              </p>
            </div>
          </div>
          <BranchPicture />
        </div>
      </section>

      <div className="page-width">
        <section className="section" aria-labelledby="what-is-a-plan">
          <h2 id="what-is-a-plan">What is a prepaid funeral plan?</h2>
          <p>
            It is a way to arrange your own funeral before it is needed. You choose a funeral director and the
            kind of funeral you would like, and you pay for it now, all at once or in instalments.
          </p>
          <p>
            The funeral director&apos;s services in your plan are guaranteed: your family will have nothing
            more to pay for them, whenever the funeral takes place. Some things, such as flowers, can be added
            as a contribution: an amount put aside towards them, which may not cover the full cost in future.
            We always show you which is which.
          </p>
        </section>

        <section className="section" aria-labelledby="kinds-of-funeral">
          <h2 id="kinds-of-funeral">Three kinds of funeral to choose from</h2>
          <p className="section__intro">
            You will see the price of each one before you choose, and you can change your mind at any point.
          </p>
          <ul className="card-grid">
            {kindsOfFuneral.map((kind) => (
              <li key={kind.name}>
                <div className="card">
                  <h3>{kind.name}</h3>
                  <p>{kind.description}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <HomePackages packages={packages} startPlanningHref={startPlanningHref} />

        <section className="section" aria-labelledby="how-it-works">
          <h2 id="how-it-works">How it works</h2>
          <ol className="steps">
            {howItWorks.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="section" aria-labelledby="peace-of-mind">
          <h2 id="peace-of-mind">Peace of mind, for you and your family</h2>
          <ul className="reassurance">
            <li>
              <h3>Cancel at any time, with a full refund</h3>
              <p>{purchaseMessages.cancellationStatement(supportPhone.display)}</p>
            </li>
            <li>
              <h3>Your money is protected</h3>
              <p>
                We are authorised and regulated by the Financial Conduct Authority, which sets strict rules on
                how the money for your plan is looked after.
              </p>
            </li>
            <li>
              <h3>No pressure</h3>
              <p>
                No sales calls, no countdowns and no time limits. Take as long as you need, and talk it over
                with the people close to you.
              </p>
            </li>
            <li>
              <h3>Someone to talk to</h3>
              <p>
                If you would rather talk it through, call us free. We are happy to answer any question,
                however small.
              </p>
            </li>
          </ul>
        </section>

        <ReviewsSection />

        <section className="callout" aria-labelledby="free-guide">
          <h2 id="free-guide">Not ready to plan yet? Read our free guide</h2>
          <p>
            Our free guide explains the choices a funeral involves, what funerals typically cost in the UK,
            and how prepaid plans and their protections work. We will email it to you, with no obligation.
          </p>
          <p>
            <Link href="/free-guide" className="button button--secondary">
              Get the free guide
            </Link>
          </p>
        </section>

        {latestAdvice && latestAdvice.length > 0 ? (
          <section className="section" aria-labelledby="latest-advice">
            <h2 id="latest-advice">Funeral advice</h2>
            <p className="section__intro">
              Plain guidance on arranging a funeral, the costs, and looking after yourself and others.
            </p>
            <AdviceArticleCards articles={latestAdvice} headingLevel={3} />
            <p>
              <Link href={adviceListPath}>See all our funeral advice</Link>
            </p>
          </section>
        ) : null}

        <section className="callout" aria-labelledby="ready-to-start">
          <h2 id="ready-to-start">Ready when you are</h2>
          <p>Start with one simple question. You can stop whenever you like and come back to it later.</p>
          <p>
            <Link href={startPlanningHref} className="button">
              Start planning
            </Link>
          </p>
          <CallUs className="call-us" />
        </section>
      </div>
    </>
  );
}
