"use client";

import { useState } from "react";
import { formatPrice, summarisePrice, type PriceData } from "@kindred/domain";

/**
 * The running price, always in view: a panel beside the question on wide screens, a slim bar at
 * the bottom on phones that opens to show the breakdown. One element serves both; the stylesheet
 * decides which shape it takes.
 */
export function RunningPrice({ priceData }: { priceData: PriceData }) {
  const [expanded, setExpanded] = useState(false);
  const summary = summarisePrice(priceData);
  const total = formatPrice(summary.total);

  return (
    <aside
      className="running-price"
      aria-labelledby="running-price-title"
      data-expanded={expanded ? "true" : "false"}
    >
      <div className="running-price__bar">
        <p className="running-price__bar-total">
          Total <strong data-testid="running-total">{total}</strong>
        </p>
        <button
          type="button"
          className="running-price__toggle"
          aria-expanded={expanded}
          aria-controls="running-price-details"
          onClick={() => setExpanded((open) => !open)}
        >
          Price breakdown
        </button>
      </div>
      <div className="running-price__details" id="running-price-details">
        <h2 className="running-price__title" id="running-price-title">
          Your price so far
        </h2>
        <dl className="running-price__list">
          <div className="running-price__row">
            <dt>Basic price</dt>
            <dd>{formatPrice(summary.basic)}</dd>
          </div>
          <div className="running-price__row">
            <dt>Additional</dt>
            <dd>{formatPrice(summary.additional)}</dd>
          </div>
          {summary.contributions > 0 ? (
            <div className="running-price__row running-price__row--contributions">
              <dt>of which contributions (not guaranteed)</dt>
              <dd data-testid="running-contributions">{formatPrice(summary.contributions)}</dd>
            </div>
          ) : null}
          <div className="running-price__row running-price__row--total">
            <dt>Total</dt>
            <dd data-testid="running-total">{total}</dd>
          </div>
        </dl>
        <p className="running-price__note">
          The funeral director&apos;s services in your plan are guaranteed: there will be nothing more to pay
          for them. Contributions, such as money towards flowers, are not guaranteed and may not cover the
          full cost in future.
        </p>
      </div>
      <p className="visually-hidden" aria-live="polite">
        Your total price is {total}
      </p>
    </aside>
  );
}
