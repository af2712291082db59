"use client";

import { useState } from "react";
import { TextField, type TextFieldProps } from "./text-field";
import styles from "./text-field.module.css";

/** A password box with a Show password button, so people can check what they typed. */
export function PasswordField(props: Omit<TextFieldProps, "type" | "action">) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? "text" : "password"}
      action={
        <button
          type="button"
          className={`button button--secondary ${styles.toggle}`}
          aria-controls={props.id}
          onClick={() => setShown((isShown) => !isShown)}
        >
          {/* Said in full to screen readers always, and shown in full where there is room. */}
          <span>
            {shown ? "Hide" : "Show"} <span className={styles.toggleMore}>password</span>
          </span>
        </button>
      }
    />
  );
}
