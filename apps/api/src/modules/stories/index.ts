// What other modules may use of the funeral advice articles.
export type { StoriesService } from "./service";
