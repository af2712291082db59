// What other modules may use of email.
export type { Mailer } from "./mailer";
export type { Email } from "./emails";
export { emailsSentTo, forgetEmailsSentTo } from "./emails-sent";
