/** SPEC.md section 5's field messages, word for word. */
export const requiredFieldMessage = "This field is required";
