import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { zodResolver } from "@hookform/resolvers/zod";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { useCallback, useMemo, useRef, useState } from "react";
import {
  useController,
  useForm,
  useWatch,
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { messages } from "@kindred/domain";
import type { ErrorSummaryItem } from "./error-summary";

/**
 * The one form engine (docs/decisions/011-web-plumbing.md): react-hook-form, checked on submit
 * and then again as the answers change, so nothing appears under a field merely because the
 * person left it (that moved the page under their pointer). After a failed submit GOV.UK's error
 * summary, above the form, takes focus and links to each field; each field says what is wrong
 * under it. Forms with a request body are held to the contracts' zod schema for that body
 * (`useSchemaForm`, here); a form whose rules are the domain's alone (how to pay) is held to them
 * by a schema of its own (`domainRulesSchema`), so its page need not load zod (decision 033). The journey's steps are held to the domain's step rules by a small
 * hook of their own, without react-hook-form (features/planning/step-form). Both are laid out by
 * `FormShell` (form-shell.tsx), which is kept apart so the step pages download neither engine.
 */

/** Every message react-hook-form holds for a field (all of them, as it runs with criteriaMode "all"). */
function messagesOf(error: FieldError | undefined): string[] {
  if (!error) return [];
  const all = [error.message, ...Object.values(error.types ?? {}).flat()];
  return [
    ...new Set(all.filter((message): message is string => typeof message === "string" && message !== "")),
  ];
}

/** "customer.dateOfBirth.day" → "customer-date-of-birth-day": an id made from a field's path. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`).replace(/\./g, "-");
}

/** What a TextField or PasswordField needs from the form. */
export interface FormFieldBinding {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: readonly string[] | undefined;
  valid: boolean;
}

/**
 * What stands in for a group of fields out of sight (an address's lines while its finder shows):
 * the group's problems are named once, as this, linking to the control the person can see.
 */
interface StandIn {
  fieldId: string;
  label: string;
  message: string;
}

/** What a form is held to: a zod schema, usually a request body's from packages/contracts, or `domainRulesSchema`. */
export type FormSchema<Input, Output> = z.ZodType<Output, Input> | StandardSchemaV1<Input, Output>;

function isZodSchema<Input, Output>(schema: FormSchema<Input, Output>): schema is z.ZodType<Output, Input> {
  return "_zod" in schema;
}

/** A problem with one field: its dotted path ("deposit") and what to say. */
export interface FieldProblem {
  path: string;
  message: string;
}

/**
 * A form's schema made of the domain's own rules, without zod: `problems` says what is wrong with
 * the fields (nothing when they are right), and `output` makes the request body of right ones.
 */
export function domainRulesSchema<Input, Output>(
  problems: (fields: Partial<Input>) => readonly FieldProblem[],
  output: (fields: Partial<Input>) => Output,
): StandardSchemaV1<Input, Output> {
  return {
    "~standard": {
      version: 1,
      vendor: "kindred-domain",
      validate: (value) => {
        const fields = value as Partial<Input>;
        const found = problems(fields);
        return found.length > 0
          ? { issues: found.map(({ path, message }) => ({ path: path.split("."), message })) }
          : { value: output(fields) };
      },
    },
  };
}

/**
 * Every dotted path a form's values are wrong at, as of now: a problem at customer.address.postcode
 * makes "customer", "customer.address" and the field wrong. A schema that could only answer later
 * (an asynchronous check) has nothing wrong yet.
 */
function pathsWrongNow<Input, Output>(schema: FormSchema<Input, Output>, values: unknown): Set<string> {
  const result = schema["~standard"].validate(values);
  if (result instanceof Promise || !result.issues) return new Set();
  return new Set(
    result.issues.flatMap((issue) => {
      const path = (issue.path ?? []).map((segment) =>
        String(typeof segment === "object" ? segment.key : segment),
      );
      return path.map((_, index) => path.slice(0, index + 1).join("."));
    }),
  );
}

/** A form of text fields held to a `FormSchema`. */
export interface SchemaForm<Input extends FieldValues, Output> {
  form: UseFormReturn<Input, unknown, Output>;
  fieldId: (name: string) => string;
  /** Lines for the error summary, in the order of `labels`; empty until a submit has failed. */
  summary: ErrorSummaryItem[];
  /** The fields whose value is right as it stands (for the tick shown once a field has been left). */
  rightNow: ReadonlySet<string>;
  /**
   * Each field that repeats another (a password typed again), with the field it repeats, as the
   * `deps` of `useFormField` say: a repeat is never praised while what it repeats is wrong.
   */
  repeats: Map<string, string>;
  /**
   * Hides the fields under `prefix` ("customer.address") from the error summary, naming `instead`
   * when any of them is wrong; null shows them again. Only what the person can see is listed.
   */
  standIn: (prefix: string, instead: StandIn | null) => void;
  /** What the form says of `message` at the field `name`: see `namesRequiredFields`. */
  say: (name: string, message: string) => string;
}

/** "Their first name" → "their first name": a label read inside a sentence. */
function inSentence(label: string): string {
  return label.charAt(0).toLowerCase() + label.slice(1);
}

export function useSchemaForm<Input extends FieldValues, Output>({
  schema,
  idPrefix,
  labels,
  defaultValues,
  namesRequiredFields = false,
}: {
  schema: FormSchema<Input, Output>;
  /** Keeps ids unique when two forms share a page: `${idPrefix}-first-name`. */
  idPrefix: string;
  /** Each field's label, in the order the fields appear: the error summary follows it. */
  labels: Readonly<Record<string, string>>;
  defaultValues: DefaultValues<Input>;
  /**
   * Says "Tell us their first name", from the field's label, where SPEC.md's "This field is
   * required" would be, under the field and in the summary alike (issue 50 item 3): for a form
   * SPEC.md does not describe, where a long list of the same words says nothing. Its labels are
   * written to be read inside that sentence.
   */
  namesRequiredFields?: boolean;
}): SchemaForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({
    // zod's own resolver for zod's schemas: it keeps the messages of a union's branches, which the
    // standard interface gives as one.
    resolver: isZodSchema(schema) ? zodResolver(schema) : standardSchemaResolver(schema),
    defaultValues,
    mode: "onSubmit",
    reValidateMode: "onChange",
    criteriaMode: "all",
    // The error summary takes focus instead (GOV.UK), and links to each field.
    shouldFocusError: false,
  });
  const fieldId = useCallback((name: string) => `${idPrefix}-${kebab(name)}`, [idPrefix]);
  const say = useCallback(
    (name: string, message: string) => {
      const label = labels[name];
      return namesRequiredFields && message === messages.required && label !== undefined
        ? messages.tellUs(inSentence(label))
        : message;
    },
    [labels, namesRequiredFields],
  );
  const repeats = useRef(new Map<string, string>());
  const values = useWatch({ control: form.control });
  const rightNow = useMemo(() => {
    const wrong = pathsWrongNow(schema, values);
    return new Set(Object.keys(labels).filter((name) => !wrong.has(name)));
  }, [schema, values, labels]);

  const [standIns, setStandIns] = useState<ReadonlyMap<string, StandIn>>(() => new Map());
  const standIn = useCallback((prefix: string, instead: StandIn | null) => {
    setStandIns((current) => {
      const now = current.get(prefix);
      const same =
        instead === null
          ? now === undefined
          : now?.fieldId === instead.fieldId &&
            now.label === instead.label &&
            now.message === instead.message;
      if (same) return current;
      const next = new Map(current);
      if (instead === null) next.delete(prefix);
      else next.set(prefix, instead);
      return next;
    });
  }, []);

  const errors = errorLeaves(form.formState.errors);
  const hiddenBy = (name: string) => [...standIns].find(([prefix]) => name.startsWith(`${prefix}.`));
  // The problems of fields out of sight, named once, where their first field would be.
  const told = new Set<string>();
  const line = (name: string, text: string): ErrorSummaryItem[] => {
    const hidden = hiddenBy(name);
    if (!hidden) return [{ fieldId: fieldId(name), text }];
    const [prefix, instead] = hidden;
    if (told.has(prefix)) return [];
    told.add(prefix);
    return [{ fieldId: instead.fieldId, text: `${instead.label}: ${instead.message}` }];
  };
  const named = Object.keys(labels).flatMap((name) => {
    const [first] = messagesOf(errors.get(name));
    if (first === undefined) return [];
    const said = say(name, first);
    // A message that names its field already is not named again.
    return line(name, said === first ? `${labels[name]}: ${first}` : said);
  });
  // A problem with something that is not one of the fields (a link's token, say) is listed too.
  const firstField = fieldId(Object.keys(labels)[0] ?? "");
  const unnamed = [...errors]
    .filter(([name]) => !(name in labels))
    .flatMap(([name, error]) =>
      messagesOf(error)
        .slice(0, 1)
        .flatMap((text) => (hiddenBy(name) ? line(name, text) : [{ fieldId: firstField, text }])),
    );
  return {
    form,
    fieldId,
    summary: [...named, ...unnamed],
    rightNow,
    repeats: repeats.current,
    standIn,
    say,
  };
}

/** Every field error of a form by its dotted path ("customer.dateOfBirth.day"), however deep. */
function errorLeaves(errors: FieldErrors, prefix = ""): Map<string, FieldError> {
  const leaves = new Map<string, FieldError>();
  for (const [key, value] of Object.entries(errors)) {
    if (value === undefined || value === null || typeof value !== "object" || key === "ref") continue;
    const path = prefix === "" ? key : `${prefix}.${key}`;
    if ("type" in value && typeof value.type === "string") leaves.set(path, value as FieldError);
    else for (const [inner, error] of errorLeaves(value as FieldErrors, path)) leaves.set(inner, error);
  }
  return leaves;
}

/** Binds one field of a `useSchemaForm` to a TextField or PasswordField. */
export function useFormField<Input extends FieldValues, Output>(
  { form, fieldId, rightNow, repeats, say }: SchemaForm<Input, Output>,
  name: Path<Input> & string,
  /**
   * The fields that repeat this one (the email address's confirmation, say): checked again when
   * this one changes, and never praised while this one is wrong.
   */
  deps?: readonly (Path<Input> & string)[],
): FormFieldBinding {
  for (const repeat of deps ?? []) repeats.set(repeat, name);
  const repeated = repeats.get(name);
  const { field, fieldState } = useController({
    control: form.control,
    name,
    rules: deps ? { deps: [...deps] } : undefined,
  });
  const problems = messagesOf(fieldState.error).map((message) => say(name, message));
  return {
    id: fieldId(name),
    name,
    value: typeof field.value === "string" ? field.value : "",
    onChange: (value) => field.onChange(value),
    onBlur: field.onBlur,
    error: problems.length > 0 ? problems : undefined,
    // "Looks good" only beside something typed: an empty box is never praised, whatever the rules.
    valid:
      problems.length === 0 &&
      typeof field.value === "string" &&
      field.value.trim() !== "" &&
      (fieldState.isTouched || form.formState.isSubmitted) &&
      rightNow.has(name) &&
      // A password typed again that matches a password refused is not "right".
      (repeated === undefined || rightNow.has(repeated)),
  };
}

/** What a checkbox needs from the form: a yes-or-no field of a `useSchemaForm`. */
export interface CheckboxBinding {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: readonly string[] | undefined;
}

/** Binds one true-or-false field of a `useSchemaForm` to a Checkbox. */
export function useCheckboxField<Input extends FieldValues, Output>(
  { form, fieldId, say }: SchemaForm<Input, Output>,
  name: Path<Input> & string,
): CheckboxBinding {
  const { field, fieldState } = useController({ control: form.control, name });
  const problems = messagesOf(fieldState.error).map((message) => say(name, message));
  return {
    id: fieldId(name),
    checked: field.value === true,
    onChange: (checked) => field.onChange(checked),
    error: problems.length > 0 ? problems : undefined,
  };
}
