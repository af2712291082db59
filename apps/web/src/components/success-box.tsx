import type { ReactNode } from "react";

/** SPEC.md section 8: success messages appear in a green box. */
export function SuccessBox({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="success-box" role="status">
      {title ? <h2 className="success-box__title">{title}</h2> : null}
      {children}
    </div>
  );
}
