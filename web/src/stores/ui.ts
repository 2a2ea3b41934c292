import { create } from 'zustand';

/** Client-side interface state shared by the site's shell. */
export interface UiState {
  /** Whether the mobile navigation menu is open. */
  menuOpen: boolean;
  toggleMenu: () => void;
  closeMenu: () => void;
}

/** Store of UI state that is not server data. */
export const useUiStore = create<UiState>()((set) => ({
  menuOpen: false,
  toggleMenu: () => set((state) => ({ menuOpen: !state.menuOpen })),
  closeMenu: () => set({ menuOpen: false }),
}));
