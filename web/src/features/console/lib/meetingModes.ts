import { MEETING_MODES, type MeetingMode, type ServiceOption } from '../api/types';

/** The modes a service offers and its default: its own when the catalogue lists it (by name or slug), else every one (a general appointment's). */
export function offeredModes(services: readonly ServiceOption[], service: string): { modes: MeetingMode[]; default_mode: MeetingMode } {
  const s = service ? services.find((o) => o.name === service || o.slug === service) : undefined;
  return s?.modes?.length
    ? { modes: s.modes, default_mode: s.default_mode && s.modes.includes(s.default_mode) ? s.default_mode : s.modes[0]! }
    : { modes: MEETING_MODES, default_mode: 'office' };
}

/** The mode to book: the one chosen when the service offers it, else the service's default. */
export function modeToBook(offered: { modes: MeetingMode[]; default_mode: MeetingMode }, chosen: string): MeetingMode {
  return offered.modes.find((m) => m === chosen) ?? offered.default_mode;
}
