import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, useToasts } from './toast';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of useToasts.getState().toasts) useToasts.getState().dismiss(t.id);
    vi.useRealTimers();
  });

  it('shows one toast per notice, and one with a count for notices of the same kind and subject', () => {
    for (let i = 1; i <= 6; i++) {
      toast.info('Un visiteur attend', { description: `message ${i}`, key: 'waiting\u0000c1', action: { label: 'Ouvrir', href: '/admin/conversations?open=c1' } });
    }
    toast.info('Un visiteur attend', { key: 'waiting\u0000c2' });
    toast.success('Projet créé avec succès');
    const shown = useToasts.getState().toasts;
    expect(shown.map((t) => [t.title, t.count])).toEqual([
      ['Un visiteur attend', 6],
      ['Un visiteur attend', 1],
      ['Projet créé avec succès', 1],
    ]);
    expect(shown[0]!.description).toBe('message 6');
  });

  it('groups repeats of the same title and link by default, and keeps a repeat on screen anew', () => {
    toast.error('Échec du chargement des projets');
    vi.advanceTimersByTime(5000);
    toast.error('Échec du chargement des projets');
    vi.advanceTimersByTime(5000);
    expect(useToasts.getState().toasts).toHaveLength(1);
    expect(useToasts.getState().toasts[0]!.count).toBe(2);
    vi.advanceTimersByTime(1001);
    expect(useToasts.getState().toasts).toHaveLength(0);
  });
});
