import { Component, type ReactNode } from "react";

/**
 * Whether an error is a module (a screen's or a part's code file) that could not be fetched: the
 * words differ by browser (Chromium, Safari, Firefox).
 */
export function isFailedLoad(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

/**
 * Shows `fallback` instead of its children when the code of something inside could not be fetched
 * (a dropped connection): the rest of the page stays, where React would otherwise take the whole
 * app down. Other errors go on up as before.
 */
export class LoadBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { error: unknown }
> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // Not ours: on up to whatever handles it above.
    if (!isFailedLoad(error)) throw error;
    return this.props.fallback;
  }
}
