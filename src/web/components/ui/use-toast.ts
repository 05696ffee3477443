import type { ReactNode } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "../../../core/constants";
import { createExternalStore, useExternalStore } from "../../lib/external-store";

/**
 * Toast state (specification 1, section 4): at most one visible; a toast is added, updated,
 * dismissed (closed, kept for its exit) and removed 1,000,000 ms after dismissal.
 */
export type ToastVariant = "default" | "success" | "destructive";

export interface ToastItem {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  open: boolean;
}

export type ToastInput = Omit<ToastItem, "id" | "open">;

type Action =
  | { type: "ADD_TOAST"; toast: ToastItem }
  | { type: "UPDATE_TOAST"; toast: Partial<ToastItem> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

export function toastReducer(state: ToastItem[], action: Action): ToastItem[] {
  switch (action.type) {
    case "ADD_TOAST":
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case "UPDATE_TOAST":
      return state.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t));
    case "DISMISS_TOAST":
      return state.map((t) =>
        action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
      );
    case "REMOVE_TOAST":
      return action.toastId === undefined ? [] : state.filter((t) => t.id !== action.toastId);
  }
}

const toastStore = createExternalStore<ToastItem[]>([]);
const removeTimers = new Map<string, number>();
let counter = 0;

function dispatch(action: Action): void {
  toastStore.set(toastReducer(toastStore.get(), action));
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = window.setTimeout(() => {
    removeTimers.delete(id);
    dispatch({ type: "REMOVE_TOAST", toastId: id });
  }, TOAST_REMOVE_DELAY_MS);
  removeTimers.set(id, timer);
}

export function dismissToast(toastId?: string): void {
  const ids = toastId === undefined ? toastStore.get().map((t) => t.id) : [toastId];
  for (const id of ids) scheduleRemoval(id);
  dispatch({ type: "DISMISS_TOAST", toastId });
}

export function toast(input: ToastInput): {
  id: string;
  dismiss: () => void;
  update: (next: ToastInput) => void;
} {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({ type: "ADD_TOAST", toast: { ...input, id, open: true } });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } }),
  };
}

export function useToasts(): ToastItem[] {
  return useExternalStore(toastStore);
}
