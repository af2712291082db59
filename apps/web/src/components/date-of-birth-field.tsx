import { monthNames } from "@kindred/domain";
import styles from "./choice.module.css";
import { FormFieldset } from "./form-field";
import type { FormFieldBinding } from "./schema-form";
import { useEnteredBeforeHydration } from "./entered-before-hydration";

/**
 * A date of birth as GOV.UK asks for it: day, month and year together under one question, with
 * the month from a list (SPEC.md section 5). What is wrong with any part shows once, above them.
 * Every other day typed is asked for the same way (a date of death, the day a staff change takes
 * effect), never by the browser's date picker, which shows the day in its own locale's order.
 */
export function DateOfBirthField({
  legend,
  hint = "For example, 7 March 1948",
  ownDetails = true,
  day,
  month,
  year,
}: {
  legend: string;
  hint?: string;
  /** The person's own date of birth, which the browser may fill in; not for someone else's. */
  ownDetails?: boolean;
  day: FormFieldBinding;
  month: FormFieldBinding;
  year: FormFieldBinding;
}) {
  const dayBox = useEnteredBeforeHydration<HTMLInputElement>(day.value, day.onChange);
  const monthBox = useEnteredBeforeHydration<HTMLSelectElement>(month.value, month.onChange);
  const yearBox = useEnteredBeforeHydration<HTMLInputElement>(year.value, year.onChange);
  const problems = [...(day.error ?? []), ...(month.error ?? []), ...(year.error ?? [])];
  const part = (binding: FormFieldBinding) => (binding.error ? " input--error" : "");
  return (
    <FormFieldset id={day.id} legend={legend} role="group" hint={hint} error={problems[0]}>
      <div className={styles.dateFields}>
        <div className={styles.dateField}>
          <label className="label" htmlFor={day.id}>
            Day
          </label>
          <input
            ref={dayBox}
            id={day.id}
            name={day.name}
            className={`input ${styles.dayInput}${part(day)}`}
            inputMode="numeric"
            autoComplete={ownDetails ? "bday-day" : "off"}
            maxLength={2}
            value={day.value}
            onChange={(event) => day.onChange(event.target.value)}
            onBlur={day.onBlur}
            aria-invalid={day.error ? true : undefined}
          />
        </div>
        <div className={styles.dateField}>
          <label className="label" htmlFor={month.id}>
            Month
          </label>
          <select
            ref={monthBox}
            id={month.id}
            name={month.name}
            className={`input ${styles.monthSelect}${part(month)}`}
            autoComplete={ownDetails ? "bday-month" : "off"}
            value={month.value}
            onChange={(event) => month.onChange(event.target.value)}
            onBlur={month.onBlur}
            aria-invalid={month.error ? true : undefined}
          >
            <option value="">Choose a month</option>
            {monthNames.map((name, index) => {
              const value = String(index + 1).padStart(2, "0");
              return (
                <option key={value} value={value}>
                  {name}
                </option>
              );
            })}
          </select>
        </div>
        <div className={styles.dateField}>
          <label className="label" htmlFor={year.id}>
            Year
          </label>
          <input
            ref={yearBox}
            id={year.id}
            name={year.name}
            className={`input ${styles.yearInput}${part(year)}`}
            inputMode="numeric"
            autoComplete={ownDetails ? "bday-year" : "off"}
            maxLength={4}
            value={year.value}
            onChange={(event) => year.onChange(event.target.value)}
            onBlur={year.onBlur}
            aria-invalid={year.error ? true : undefined}
          />
        </div>
      </div>
    </FormFieldset>
  );
}
