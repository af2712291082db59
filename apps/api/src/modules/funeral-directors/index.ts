// What other modules may use of the funeral directors.
export type { FuneralDirectorService } from "./service";
