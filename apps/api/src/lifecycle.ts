/**
 * Where the API is in its life: serving, or draining after SIGTERM. `/readyz` reads it, so a load
 * balancer stops sending requests to a process that is about to stop.
 */
export interface Lifecycle {
  readonly draining: boolean;
  startDraining(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    startDraining() {
      draining = true;
    },
  };
}
