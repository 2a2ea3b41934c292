import { describe, expect, it } from 'vitest';
import { totalsOf, wideToSeries } from '../ops/api/ops';
import { pageKeyOf } from '../api/session';
import { monthGrid } from '../appointments/components/CalendarView';
import { forbiddenTarget, landingPath } from '../hooks/useSession';
import { bubble, displayStatus, fullName, namesMatch, parseAmount, preview, shortId, youtubeId } from './format';
import { ageOf, formatDateTime } from './time';
import { fromClient } from '../appointments/NewAppointmentPage';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relative ages', () => {
  it.each([
    [null, { unit: 'never' }],
    ['', { unit: 'never' }],
    [ago(0), { unit: 'now' }],
    [ago(59), { unit: 'now' }],
    [ago(60), { unit: 'min', n: 1 }],
    [ago(3599), { unit: 'min', n: 59 }],
    [ago(3600), { unit: 'h', n: 1 }],
    [ago(86_400 * 2), { unit: 'd', n: 2 }],
    [ago(86_400 * 45), { unit: 'mo', n: 1 }],
    [ago(86_400 * 800), { unit: 'y', n: 2 }],
  ])('%s → %o', (at, want) => {
    expect(ageOf(at, NOW)).toEqual(want);
  });
});

describe('formatting', () => {
  it('cuts previews at 30 characters', () => {
    expect(preview('a'.repeat(30))).toBe('a'.repeat(30));
    expect(preview('a'.repeat(31))).toBe(`${'a'.repeat(30)}…`);
    expect(preview(null)).toBe('');
  });
  it('caps bubbles at 9+', () => {
    expect(bubble(9)).toBe('9');
    expect(bubble(10)).toBe('9+');
  });
  it('shows unknown statuses as pending', () => {
    expect(displayStatus('confirmed')).toBe('confirmed');
    expect(displayStatus('new')).toBe('pending');
    expect(displayStatus(undefined)).toBe('pending');
  });
  it('parses money, 0 when invalid', () => {
    expect(parseAmount('12 500,50')).toBe(12500.5);
    expect(parseAmount('abc')).toBe(0);
  });
  it('accepts only 11-character YouTube ids', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/short')).toBeNull();
  });
  it('names a client first name first, and matches a typed name loosely', () => {
    expect(fullName({ prenom: ' Amina ', nom: 'Belkacem ' })).toBe('Amina Belkacem');
    expect(namesMatch('  amina   BELKACEM ', 'Amina Belkacem')).toBe(true);
    expect(namesMatch('Amina Belkacem', fullName({ prenom: ' Amina ', nom: 'Belkacem ' }))).toBe(true);
    expect(namesMatch('Amina', 'Amina Belkacem')).toBe(false);
    expect(namesMatch('AminaBelkacem', 'Amina Belkacem')).toBe(false);
    expect(namesMatch('', '')).toBe(false);
    expect(namesMatch('سارة بن علي', ' سارة  بن علي')).toBe(true);
  });

  it('shows ids by their first 8 characters', () => {
    expect(shortId('0b6ee51a-1234')).toBe('0b6ee51a');
  });
});

describe('pages and landing', () => {
  it('reads page entries given as keys, paths or objects', () => {
    expect(pageKeyOf('dashboard')).toBe('dashboard');
    expect(pageKeyOf('/admin/new-appointment')).toBe('new-appointment');
    expect(pageKeyOf({ key: 'ops' })).toBe('ops');
    expect(pageKeyOf('nope')).toBeNull();
  });
  it('lands on the first allowed page, else the dashboard', () => {
    expect(landingPath(['appointments', 'new-appointment'])).toBe('/admin/appointments');
    expect(landingPath([])).toBe('/admin/dashboard');
  });
  it('sends a forbidden page where the spec says, when allowed', () => {
    expect(forbiddenTarget('users', ['dashboard', 'appointments'])).toBe('/admin/dashboard');
    expect(forbiddenTarget('users', ['appointments'])).toBe('/admin/appointments');
    expect(forbiddenTarget('dashboard', ['appointments'])).toBe('/admin/appointments');
    expect(forbiddenTarget('new-appointment', ['dashboard', 'appointments'])).toBe('/admin/appointments');
  });
});

describe('choosing a client', () => {
  it('fills name (prenom + nom), e-mail and phone (numero_1)', () => {
    const client = {
      id: 'c1',
      nom: 'Haddad',
      prenom: 'Yasmine',
      email: null,
      numero_1: '0661 23 45 67',
      numero_2: '0770 00 00 00',
      nom_entreprise: 'Atlas',
      siteweb: null,
      appointments: 0,
      created_at: '',
      updated_at: '',
    };
    expect(fromClient(client)).toEqual({ name: 'Yasmine Haddad', email: '', phone: '0661 23 45 67', company: 'Atlas', client_id: 'c1' });
  });
});

describe('calendar grid', () => {
  it('starts weeks on Sunday', () => {
    const weeks = monthGrid(2026, 10); // November 2026 starts on a Sunday
    expect(weeks[0][0]).toBe('2026-11-01');
    expect(weeks.at(-1)?.filter(Boolean).at(-1)).toBe('2026-11-30');
    expect(monthGrid(2026, 11)[0].slice(0, 3)).toEqual([null, null, '2026-12-01']);
  });
});

describe('server series', () => {
  it("turns the chat engine's wide rows into named series and totals", () => {
    const counters = { ai_requests: 0, ai_failures: 0, fallbacks: 0, ai_latency_p50_ms: 0, ai_latency_p95_ms: 0, queue_depth_max: 0, rate_limited: 0, conversations_started: 0, contact_collected: 0, booked: 0 };
    const body = {
      window: '1h',
      step_seconds: 60,
      from: '2026-11-22T10:00:00Z',
      ratings: [],
      to: '2026-11-22T11:00:00Z',
      points: [
        { ...counters, t: '2026-11-22T10:00:00Z', messages: { rule: 3, ai: 1 }, fallbacks: 1, ai_latency_p50_ms: 120, ai_latency_p95_ms: 900, queue_depth_max: 2 },
        { ...counters, t: '2026-11-22T10:01:00Z', messages: { rule: 1, ai: 2 }, ai_failures: 1, ai_latency_p50_ms: 100, ai_latency_p95_ms: 700, rate_limited: 4 },
      ],
      totals: { ...counters, t: '2026-11-22T10:00:00Z', messages: { rule: 4, ai: 3 }, rate_limited: 4 },
    };
    const series = wideToSeries(body.points);
    expect(series.map((s) => s.name)).toEqual([
      'ai.ai_requests',
      'ai.ai_failures',
      'ai.fallbacks',
      'ai_latency.p50',
      'ai_latency.p95',
      'queue_depth_max',
      'rate_limited',
      'chat_funnel.conversations_started',
      'chat_funnel.contact_collected',
      'chat_funnel.booked',
      'messages.rule',
      'messages.ai',
    ]);
    expect(series[3].points).toEqual([
      { t: '2026-11-22T10:00:00Z', v: 120 },
      { t: '2026-11-22T10:01:00Z', v: 100 },
    ]);
    expect(totalsOf(body)).toMatchObject({ 'messages.rule': 4, 'messages.ai': 3, rate_limited: 4, 'ai.ai_failures': 0 });
  });
});

describe('date and time', () => {
  it('reads on a 24-hour clock in French and Arabic, on a 12-hour one in English', () => {
    const at = '2026-11-29T14:05:00';
    expect(formatDateTime('fr', at)).toContain('14:05');
    expect(formatDateTime('ar', at)).toContain('14:05');
    expect(formatDateTime('ar', at)).not.toMatch(/[صم](?!\p{L})/u);
    expect(formatDateTime('en', at)).toMatch(/2:05\s?PM/i);
  });
});
