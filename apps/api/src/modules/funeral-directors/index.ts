// What other modules may use of the funeral directors.
export { selectBranch, type BranchRow } from "./queries";
export type { FuneralDirectorService } from "./service";
