// Short messages at the bottom left of the open screen: what worked, and what went wrong.
import type { StateCreator } from 'zustand';
import type { ConsoleState } from './consoleStore';
import { NOT_ANSWERING } from '../api/consoleTransport';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface ToastsSlice {
  toasts: Toast[];
  pushToast(kind: ToastKind, message: string): void;
  dismissToast(id: number): void;
}

const LIFETIME_MS: Record<ToastKind, number> = { success: 4000, info: 5000, error: 8000 };
const MAX_TOASTS = 4;
let nextId = 1;

export const createToastsSlice: StateCreator<ConsoleState, [], [], ToastsSlice> = (set, get) => ({
  toasts: [],
  pushToast(kind, message) {
    // The sidebar already says the sandbox is not answering, once: a toast repeating it for each
    // read that failed meanwhile (a screen opened offline) would say it again and again.
    if (kind === 'error' && get().connection !== 'live' && message.endsWith(NOT_ANSWERING)) return;
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts, { id, kind, message }].slice(-MAX_TOASTS) }));
    setTimeout(() => get().dismissToast(id), LIFETIME_MS[kind]);
  },
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
});
