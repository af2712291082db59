"use client";

import { describePriceChange, messages } from "@kindred/domain";
import { forgetPriceChange } from "./price-change-notice-store";
import { usePriceChange } from "./use-price-change";

/**
 * Tells the person, before they buy, that their plan's price has changed since they last saw it
 * (docs/decisions/008-prices-over-time.md), until they say they understand.
 */
export function PriceChangeNotice() {
  const change = usePriceChange();
  if (!change) return null;
  return (
    <section className="info-box" aria-labelledby="price-change-title">
      <h2 className="info-box__title" id="price-change-title">
        {messages.priceChangeTitle}
      </h2>
      <p>{describePriceChange(change)}</p>
      <button type="button" className="button button--secondary" onClick={forgetPriceChange}>
        {messages.priceChangeUnderstood}
      </button>
    </section>
  );
}
