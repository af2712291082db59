import type { ReactNode } from "react";
import type { DirectDebitResponse } from "@kindred/contracts";

/**
 * A Direct Debit as the customer may see it again: the account holder, the sort code, only the
 * last four digits of the account number, and the reference it shows on their bank statement.
 * `children` adds rows of the caller's own (its status, say).
 */
export function DirectDebitDetails({
  mandate,
  children,
}: {
  mandate: DirectDebitResponse;
  children?: ReactNode;
}) {
  return (
    <dl className="summary-list">
      <div className="summary-list__row">
        <dt className="summary-list__key">Account holder</dt>
        <dd className="summary-list__value">{mandate.accountHolderName}</dd>
      </div>
      <div className="summary-list__row">
        <dt className="summary-list__key">Sort code</dt>
        <dd className="summary-list__value">{mandate.sortCode}</dd>
      </div>
      <div className="summary-list__row">
        <dt className="summary-list__key">Account number</dt>
        <dd className="summary-list__value">Ending {mandate.accountNumberEnding}</dd>
      </div>
      <div className="summary-list__row">
        <dt className="summary-list__key">Direct Debit reference</dt>
        <dd className="summary-list__value">{mandate.reference}</dd>
      </div>
      {children}
    </dl>
  );
}
