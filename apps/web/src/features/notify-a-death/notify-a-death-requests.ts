import type {
  DeathConfirmationBody,
  DeathNotificationFields,
  DeathNotificationResponse,
  DeathReportAnswer,
  DeathReportNotRightBody,
} from "@kindred/contracts";
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

/**
 * The links in our email to everyone on a plan when a death is reported (decision 040): the
 * nominee confirms it (`/api/notify-a-death/confirmation`), anyone on the plan says it is not
 * right (`/api/notify-a-death/not-right`). Each acts only when its button is pressed, never on
 * opening the page, which an email scanner may do.
 */
export function useDeathReportAnswer() {
  return useMutation({
    mutationFn: (
      answer:
        ({ action: "confirm" } & DeathConfirmationBody) | ({ action: "not-right" } & DeathReportNotRightBody),
    ) => {
      const { action, ...body } = answer;
      return apiData<DeathReportAnswer>(
        action === "confirm" ? "/api/notify-a-death/confirmation" : "/api/notify-a-death/not-right",
        { method: "POST", body },
      );
    },
  });
}
