import { create } from 'zustand';

/** One toast on screen. */
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'success' | 'error' | 'info';
  /** Milliseconds before it goes away. */
  duration: number;
  action?: { label: string; href: string };
}

interface ToastState {
  toasts: Toast[];
  push: (toast: Omit<Toast, 'id' | 'variant' | 'duration'> & Partial<Pick<Toast, 'variant' | 'duration'>>) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Store of the console's toasts. */
export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  push(toast) {
    const id = nextId++;
    const full: Toast = { variant: 'info', duration: 4000, ...toast, id };
    set({ toasts: [...get().toasts, full].slice(-5) });
    timers.set(
      id,
      setTimeout(() => get().dismiss(id), full.duration),
    );
    return id;
  },
  dismiss(id) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set({ toasts: get().toasts.filter((t) => t.id !== id) });
  },
}));

/** Shorthands: toast.success(title), toast.error(title), toast.info(title). */
export const toast = {
  success: (title: string, description?: string) => useToasts.getState().push({ title, description, variant: 'success' }),
  error: (title: string, description?: string) => useToasts.getState().push({ title, description, variant: 'error', duration: 6000 }),
  info: (title: string, options: Partial<Omit<Toast, 'id' | 'title'>> = {}) =>
    useToasts.getState().push({ title, variant: 'info', ...options }),
};
