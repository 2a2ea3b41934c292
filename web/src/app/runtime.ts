// The libraries the app stands on, loaded (and evaluated) before the app itself, so the
// browser gets a breath between the two (src/main.tsx).
export { createRoot, hydrateRoot } from 'react-dom/client';
