// What the app may use of enquiries (the free guide): its service and routes.
export { enquiryRoutes, freeGuideRoutes } from "./routes";
export { createEnquiriesService } from "./service";
