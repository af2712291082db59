import type { ReactNode } from "react";
import type { Violation } from "@kindred/contracts";

/** SPEC.md section 8: violations are shown in a highlighted box as "path: title". */
export function ViolationsBox({
  title,
  violations,
  children,
}: {
  title: string;
  violations: readonly Violation[];
  children?: ReactNode;
}) {
  return (
    <div className="error-box" role="alert">
      <h2 className="error-box__title">{title}</h2>
      <ul className="error-box__list">
        {violations.map((violation, index) => (
          <li key={`${violation.propertyPath}-${index}`}>
            {violation.propertyPath}: {violation.title}
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}
