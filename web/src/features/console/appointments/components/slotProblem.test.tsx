import { QueryProvider } from '../../../../lib/query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../../lib/i18n';
import type { Appointment } from '../../api/types';
import { AppointmentEditDialog } from './AppointmentEditDialog';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const appointment = {
  id: 'a1',
  name: 'Slot Mover',
  email: '',
  phone: '0671000002',
  service: '',
  date: '2027-01-03',
  time: '11:00',
  message: '',
  company: '',
  sector: '',
  status: 'pending',
  status_dashboard: 'pending',
  source: 'form',
  language: 'fr',
  client_id: '',
  created_at: '',
  updated_at: '',
} as Appointment;

const refusals = {
  slot_taken: {
    status: 409,
    message: 'Ce créneau vient d\u2019être réservé.',
    alternatives: [
      { date: '2027-01-03', time: '14:00', label: '02:00 PM' },
      { date: '2027-01-04', time: '10:00', label: '10:00 AM' },
    ],
  },
  slot_closed: { status: 422, message: 'نحن مغلقون في ذلك اليوم', alternatives: [{ date: '2027-01-07', time: '09:00', label: '09:00 AM' }] },
};

describe('the edit dialog shows a refused slot', () => {
  beforeAll(async () => {
    await initI18n();
  });
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['fr', 'slot_taken', 'Créneaux libres les plus proches :', 'Le 2027-01-04 à 10:00', '2027-01-04', '10:00'],
    ['en', 'slot_taken', 'Nearest free slots:', '2027-01-04 at 10:00', '2027-01-04', '10:00'],
    ['ar', 'slot_closed', 'أقرب المواعيد المتاحة:', '2027-01-07 على الساعة 09:00', '2027-01-07', '09:00'],
  ] as const)('in %s, %s: the message, the alternatives, and a pick fills the slot', async (lang, code, heading, pick, date, time) => {
    await setLanguage(lang);
    const r = refusals[code];
    const fetch = vi.fn(async () => json(r.status, { error: { code, message: r.message, alternatives: r.alternatives } }));
    vi.stubGlobal('fetch', fetch);
    const { container } = render(<AppointmentEditDialog appointment={appointment} services={[]} onClose={() => {}} onSaved={() => {}} />, { wrapper: QueryProvider });
    const doc = container.ownerDocument;
    const form = await waitFor(() => {
      const f = doc.getElementById('appointment-edit');
      expect(f).toBeTruthy();
      return f!;
    });
    fireEvent.submit(form);
    const alert = await screen.findByText(r.message);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(screen.getByText(heading)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /\d{4}-\d{2}-\d{2}/ })).toHaveLength(r.alternatives.length);
    fireEvent.click(screen.getByRole('button', { name: pick }));
    await waitFor(() => expect((doc.querySelector('input[type="date"]') as HTMLInputElement).value).toBe(date));
    expect((doc.querySelector('input[type="time"]') as HTMLInputElement).value).toBe(time);
    expect(screen.queryByText(r.message)).toBeNull();
  });
});
