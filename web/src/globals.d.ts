/** The year of the build, set by vite.config.ts. */
declare const __BUILD_YEAR__: number;
