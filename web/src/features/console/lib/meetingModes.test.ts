import { describe, expect, it } from 'vitest';
import type { ServiceOption } from '../api/types';
import { toggleMode } from '../settings/components/ServiceModesCard';
import { modeToBook, offeredModes } from './meetingModes';

const services: ServiceOption[] = [
  { id: '1', slug: 'consultation', name: 'Consultation', category: '', modes: ['office', 'phone', 'video'], default_mode: 'phone' },
  { id: '2', slug: 'formation', name: 'Training', category: '', modes: ['office'], default_mode: 'office' },
];

describe('offeredModes', () => {
  it('gives the service’s modes by name or slug, and every mode without a service', () => {
    expect(offeredModes(services, 'Consultation')).toEqual({ modes: ['office', 'phone', 'video'], default_mode: 'phone' });
    expect(offeredModes(services, 'formation')).toEqual({ modes: ['office'], default_mode: 'office' });
    expect(offeredModes(services, '')).toEqual({ modes: ['office', 'phone', 'video'], default_mode: 'office' });
  });
  it('books the chosen mode when offered, else the default', () => {
    const offered = offeredModes(services, 'Consultation');
    expect(modeToBook(offered, 'video')).toBe('video');
    expect(modeToBook(offered, '')).toBe('phone');
    expect(modeToBook(offeredModes(services, 'Training'), 'video')).toBe('office');
  });
});

describe('toggleMode', () => {
  it('keeps the offered order and moves the default off a mode turned off', () => {
    expect(toggleMode({ modes: ['video'], default_mode: 'video' }, 'office', true)).toEqual({ modes: ['office', 'video'], default_mode: 'video' });
    expect(toggleMode({ modes: ['office', 'video'], default_mode: 'video' }, 'video', false)).toEqual({ modes: ['office'], default_mode: 'office' });
    expect(toggleMode({ modes: ['office'], default_mode: 'office' }, 'office', false).modes).toEqual([]);
  });
});
