import { type ClassValue, clsx } from "clsx";
import { mergeClasses } from "./merge-classes";

/** Joins class names; of two utilities that set the same thing the later one wins. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, ms));
}
