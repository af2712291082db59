import { vi } from "vitest";

/**
 * The App Router as the components under test see it: `useRouter()` and `usePathname()` from
 * next/navigation answer from here in every web test (setup-component-tests.ts), as jsdom has no
 * router mounted. A test sets the path it is on, or reads where a component sent the person; both
 * are forgotten after each test.
 */
export const router = {
  push: vi.fn<(href: string) => void>(),
  replace: vi.fn<(href: string) => void>(),
  back: vi.fn<() => void>(),
  forward: vi.fn<() => void>(),
  refresh: vi.fn<() => void>(),
  prefetch: vi.fn<(href: string) => void>(),
};

export const navigation = { pathname: "/" };

export function forgetNavigation(): void {
  for (const method of Object.values(router)) method.mockReset();
  navigation.pathname = "/";
}
