// What the app may use of telling us of a death: its service, its routes, the jobs that follow,
// and forgetting the reports as sent once kept long enough (the data-rights sweep).
export { atNeedRoutes } from "./routes";
export { createAtNeedService, type AtNeedForStaff } from "./service";
export { startAtNeedJobs } from "./at-need-jobs";
export { forgetDeathReportsBefore } from "./reports";
