// What the app may use of a person's data rights (issue 25 item 12): the service, its routes and
// the retention sweep every process runs.
export { dataRightsRoutes } from "./routes";
export { createDataRightsService, type DataRightsService } from "./service";
export { sweepRetentionEvery } from "./retention";
// What staff read of a plan beside its money: the same records a person downloads (decision 031).
export { planRecordsOf } from "./plan-records";
