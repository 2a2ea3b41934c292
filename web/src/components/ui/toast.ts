import { create } from 'zustand';

/** How a toast reads: errors are announced at once (role alert) and stay longer. */
export type ToastVariant = 'success' | 'error' | 'info';

/** One notice shown in the corner of the screen. */
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** Milliseconds before it goes away. */
  duration: number;
  /** A link that goes with the notice (e.g. to open what it is about). */
  action?: { label: string; href: string };
  /**
   * What the notice is about, its kind and subject: a notice of the same key as one on
   * screen joins it (count + 1, latest text) instead of stacking another. By default the
   * variant, the title and the link.
   */
  key?: string;
  /** How many notices the toast stands for (1 until one of the same key joins it). */
  count?: number;
}

/** What a caller may set besides the title. */
export type ToastOptions = Partial<Pick<Toast, 'description' | 'duration' | 'action' | 'key'>>;

interface ToastState {
  toasts: Toast[];
  push: (toast: Omit<Toast, 'id' | 'duration'> & Partial<Pick<Toast, 'duration'>>) => number;
  dismiss: (id: number) => void;
}

/** How long each variant stays by default, in milliseconds. */
export const TOAST_DURATION_MS: Record<ToastVariant, number> = { success: 4000, info: 4000, error: 6000 };

/** Most toasts on screen at once: a new one pushes the oldest out. */
const MAX_TOASTS = 5;

let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Store of the toasts on screen, shared by the public site and the console. */
export const useToasts = create<ToastState>()((set, get) => ({
  toasts: [],
  push(toast) {
    const key = toast.key ?? [toast.variant, toast.title, toast.action?.href ?? ''].join('\u0000');
    const same = get().toasts.find((t) => t.key === key);
    const id = same?.id ?? nextId++;
    const full: Toast = { duration: TOAST_DURATION_MS[toast.variant], ...toast, key, id, count: (same?.count ?? 0) + 1 };
    // A repeat takes the place of the toast it joins, with the latest text, and lasts anew.
    set({ toasts: same ? get().toasts.map((t) => (t.id === id ? full : t)) : [...get().toasts, full].slice(-MAX_TOASTS) });
    clearTimeout(timers.get(id));
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

function show(variant: ToastVariant, title: string, options: string | ToastOptions = {}): number {
  const rest = typeof options === 'string' ? { description: options } : options;
  return useToasts.getState().push({ title, variant, ...rest });
}

/**
 * Shows a toast from anywhere (event handlers, stores): toast.success(title),
 * toast.error(title, description), toast.info(title, { description, duration, action }).
 */
export const toast = {
  success: (title: string, options?: string | ToastOptions) => show('success', title, options),
  error: (title: string, options?: string | ToastOptions) => show('error', title, options),
  info: (title: string, options?: string | ToastOptions) => show('info', title, options),
};
