import { create } from 'zustand';

/** One notice shown in the corner of the screen. */
export interface Toast {
  id: number;
  title: string;
  description?: string;
  /** `destructive` announces at once (role alert) and is drawn in red. */
  variant?: 'default' | 'destructive';
}

interface ToastState {
  toasts: Toast[];
  push: (toast: Omit<Toast, 'id'>) => number;
  dismiss: (id: number) => void;
}

/** How long a toast stays, in milliseconds. */
export const TOAST_DURATION_MS = 6000;

let nextId = 1;

/** Store of the toasts on screen. */
export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  push: (toast) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts.slice(-3), { ...toast, id }] }));
    setTimeout(() => get().dismiss(id), TOAST_DURATION_MS);
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast from anywhere (event handlers, stores). */
export function toast(t: Omit<Toast, 'id'>): number {
  return useToasts.getState().push(t);
}
