import { useSyncExternalStore } from 'react';
import { SITE } from '@/config/site';

export type ToastVariant = 'default' | 'destructive';
export type ToastInput = { title: string; description?: string; variant?: ToastVariant };
export type Toast = ToastInput & { id: number; variant: ToastVariant };

type Listener = () => void;

/**
 * A tiny external store rather than Redux state: toasts are raised from anywhere (hooks, api callbacks)
 * and hold nothing worth persisting or inspecting. The spec allows one toast at a time, so a new toast
 * replaces the current one.
 */
let current: readonly Toast[] = [];
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(input: ToastInput, durationMs: number = SITE.toastDurationMs): number {
  const toast: Toast = { ...input, variant: input.variant ?? 'default', id: nextId++ };
  current = [toast, ...current].slice(0, SITE.toastLimit);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => dismissToast(toast.id), durationMs);
  emit();
  return toast.id;
}

export function dismissToast(id?: number): void {
  const remaining = id === undefined ? [] : current.filter((t) => t.id !== id);
  if (remaining.length === current.length) return;
  current = remaining;
  emit();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = (): readonly Toast[] => current;

/** The toasts on screen now (at most SITE.toastLimit). */
export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Returns a function that raises a toast; it replaces whatever toast is showing. */
export function useToast(): (t: ToastInput) => void {
  return toastFn;
}

function toastFn(t: ToastInput): void {
  showToast(t);
}
