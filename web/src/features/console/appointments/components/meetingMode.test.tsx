import { QueryProvider } from '../../../../lib/query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../../../../lib/i18n';
import type { Appointment, ServiceOption } from '../../api/types';
import { AppointmentEditDialog } from './AppointmentEditDialog';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const appointment = {
  id: 'a1',
  name: 'Mode Changer',
  email: '',
  phone: '0671000003',
  service: 'consultation',
  date: '2027-01-03',
  time: '11:00',
  message: '',
  company: '',
  sector: '',
  status: 'pending',
  status_dashboard: 'pending',
  source: 'form',
  language: 'en',
  client_id: '',
  created_at: '',
  updated_at: '',
  starts_at: null,
  sequence: 0,
  mode: 'office',
  meeting_url: '',
} as Appointment;

const services: ServiceOption[] = [
  { id: 's1', slug: 'consultation', name: 'Consultation', category: '', modes: ['office', 'phone', 'video'], default_mode: 'office' },
  { id: 's2', slug: 'developpement-web', name: 'Web development', category: '', modes: ['office'], default_mode: 'office' },
];

describe('the edit dialog changes how the meeting happens', () => {
  beforeAll(async () => {
    await initI18n();
    await setLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  const open = () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        bodies.push(body);
        return json(200, { appointment: { ...appointment, ...body } });
      }),
    );
    render(<AppointmentEditDialog appointment={appointment} services={services} onClose={() => {}} onSaved={() => {}} />, {
      wrapper: QueryProvider,
    });
    return bodies;
  };

  it('offers the modes of the service, and sends the one chosen', async () => {
    const bodies = open();
    const select = (await screen.findByLabelText('Meeting')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['At the office', 'By phone', 'By video']);
    fireEvent.change(select, { target: { value: 'video' } });
    fireEvent.submit(document.getElementById('appointment-edit')!);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ mode: 'video' });
  });

  it('sends no mode when it is unchanged, and a service offering one mode leaves only it', async () => {
    const bodies = open();
    const select = (await screen.findByLabelText('Meeting')) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'phone' } });
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'developpement-web' } });
    expect([...select.options].map((o) => o.value)).toEqual(['office']);
    expect(select.value).toBe('office');
    fireEvent.submit(document.getElementById('appointment-edit')!);
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('mode');
  });
});
