import { useSyncExternalStore } from "react";
import { getSaveStatus, subscribeToSaveStatus, type SaveStatus } from "./plan-autosave";

const idle: SaveStatus = { state: "idle" };

export function useSaveStatus(): SaveStatus {
  return useSyncExternalStore(subscribeToSaveStatus, getSaveStatus, () => idle);
}
