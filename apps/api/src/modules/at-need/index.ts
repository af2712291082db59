// What the app may use of telling us of a death: its service, its routes and the jobs that follow.
export { atNeedRoutes } from "./routes";
export { createAtNeedService } from "./service";
export type { DeathConfirmer } from "./confirmation";
export { startAtNeedJobs } from "./at-need-jobs";
