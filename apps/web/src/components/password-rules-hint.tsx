import { passwordLength } from "@kindred/domain";
import styles from "./password-rules-hint.module.css";

/** The password rules of SPEC.md section 5, said before the person types rather than after. */
export function PasswordRulesHint() {
  return (
    <>
      Your password needs:
      <ul className={styles.rules}>
        <li>
          {passwordLength.minimum} to {passwordLength.maximum} characters
        </li>
        <li>at least one letter and at least one number</li>
        <li>
          at least one of these special characters:{" "}
          <span className={styles.characters}>@ $ ! % * # ? &amp;</span>
        </li>
      </ul>
    </>
  );
}
