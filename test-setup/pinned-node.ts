import manifest from "../package.json" with { type: "json" };

/** The Node.js the project runs on: the root package.json's exact `node` dependency. */
export const pinnedNodeVersion: string = manifest.dependencies.node;
export const pinnedNodeMajor = Number(pinnedNodeVersion.split(".")[0]);
