"use client";

import type { FuneralDirectorBranch } from "@kindred/contracts";
import { useEffect, useState } from "react";
import { apiRequest } from "../../lib/api-client";

/**
 * The chosen branch, asked of the API once for the id: undefined while it is asked, null when
 * there is no id or the API cannot say (the screen then does without it).
 */
export function useFuneralDirectorBranch(id: number | null): FuneralDirectorBranch | null | undefined {
  const [answer, setAnswer] = useState<{ id: number; branch: FuneralDirectorBranch | null } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let current = true;
    void apiRequest<FuneralDirectorBranch>(`/api/funeral-director/location?id=${id}`).then((result) => {
      if (current) setAnswer({ id, branch: result.ok ? result.data : null });
    });
    return () => {
      current = false;
    };
  }, [id]);
  if (id === null) return null;
  return answer !== null && answer.id === id ? answer.branch : undefined;
}
