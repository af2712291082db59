// What other modules may use of the funeral directors.
export { selectBranch } from "./queries";
export type { FuneralDirectorService } from "./service";
