"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * Something that appears in answer to what the person did (a request's result replacing its form,
 * say): it takes focus when it appears, so a screen reader reads it and the page scrolls to it.
 * Give it a new `key` to have it take focus again.
 */
export function FocusOnArrival({ children, className }: { children: ReactNode; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div ref={box} tabIndex={-1} className={className}>
      {children}
    </div>
  );
}
