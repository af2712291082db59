import type { DeathNotificationFields, DeathNotificationResponse } from "@kindred/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiData } from "../../lib/api-query";

/**
 * `POST /api/notify-a-death` (issue 23 item 4): anyone tells us of a death. The answer is the
 * same whether or not a plan matches what was typed.
 */
export function useNotifyADeath() {
  return useMutation({
    mutationFn: (notification: DeathNotificationFields) =>
      apiData<DeathNotificationResponse>("/api/notify-a-death", { method: "POST", body: notification }),
  });
}
