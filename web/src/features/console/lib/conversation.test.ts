import { describe, expect, it } from 'vitest';
import type { ServiceOption } from '../api/types';
import { bookingHref, conversationActions, matchService, readPrefill, senderName } from './conversation';

const ID = '0b7c6a52-3f0e-4b8e-9d55-2f4f3c1a9e10';
const TODAY = '2027-03-10';

function query(href: string): URLSearchParams {
  return new URLSearchParams(href.split('?')[1]);
}

describe('the booking link of a conversation', () => {
  it('carries the conversation and what Dota collected, leaving out empty fields', () => {
    const href = bookingHref(ID, { name: 'Amina Belkacem', email: '', phone: '0550 12 34 56', company: ' ', service: 'Site vitrine', date: '2027-03-12', time: '10:30' });
    expect(href.startsWith('/admin/new-appointment?')).toBe(true);
    const params = query(href);
    expect(params.get('conversation')).toBe(ID);
    expect(params.get('phone')).toBe('0550 12 34 56');
    expect(params.has('email')).toBe(false);
    expect(params.has('company')).toBe(false);
  });

  it('reads back what it wrote, Arabic and symbols included', () => {
    const collected = { name: 'أمينة بلقاسم', email: 'a+b@exemple.dz', phone: '+213 550', company: 'R&D', service: 'seo', date: '2027-03-12', time: '09:00' };
    expect(readPrefill(query(bookingHref(ID, collected)), TODAY)).toEqual({ conversation: ID, fields: collected });
  });
});

describe('readPrefill', () => {
  it('leaves out a past or malformed date, and a time without its date', () => {
    expect(readPrefill(new URLSearchParams('date=2027-03-09&time=10:00'), TODAY).fields).toEqual({});
    expect(readPrefill(new URLSearchParams('date=12/03/2027&time=10:00'), TODAY).fields).toEqual({});
    expect(readPrefill(new URLSearchParams('date=2027-03-10&time=10:00'), TODAY).fields).toEqual({ date: '2027-03-10', time: '10:00' });
  });

  it('leaves out a malformed time', () => {
    expect(readPrefill(new URLSearchParams('date=2027-03-11&time=25:00'), TODAY).fields).toEqual({ date: '2027-03-11' });
    expect(readPrefill(new URLSearchParams('date=2027-03-11&time=9h'), TODAY).fields).toEqual({ date: '2027-03-11' });
    expect(readPrefill(new URLSearchParams('mode=video'), TODAY).fields).toEqual({ mode: 'video' });
    expect(readPrefill(new URLSearchParams('mode=fax'), TODAY).fields).toEqual({});
  });

  it('ignores a conversation id that is not one, and fields it does not know', () => {
    const prefill = readPrefill(new URLSearchParams('conversation=../../x&name=%20Sami%20&status=confirmed'), TODAY);
    expect(prefill).toEqual({ conversation: '', fields: { name: 'Sami' } });
  });
});

describe('matchService', () => {
  const services: ServiceOption[] = [
    { id: '1', slug: 'site-vitrine', name: 'Site vitrine', category: 'web' },
    { id: '2', slug: 'seo', name: 'Référencement', category: 'web' },
    { id: '3', name: 'Logo', category: 'design' },
  ];

  it('finds a service by name or slug, whatever the case', () => {
    expect(matchService('site vitrine', services)).toBe('Site vitrine');
    expect(matchService('SEO', services)).toBe('Référencement');
    expect(matchService(' référencement ', services)).toBe('Référencement');
    expect(matchService('logo', services)).toBe('Logo');
  });

  it('gives nothing when no service matches', () => {
    expect(matchService('Application mobile', services)).toBe('');
    expect(matchService('', services)).toBe('');
  });
});

describe('conversationActions', () => {
  const me = { id: 'u-me', role: 'editor' };
  const admin = { id: 'u-admin', role: 'admin' };

  it('offers to take a conversation with Dota or waiting, not to answer it', () => {
    for (const state of ['bot', 'waiting', 'closed'] as const) {
      expect(conversationActions({ state }, me)).toEqual({ heldByMe: false, heldByOther: false, claim: true, takeOver: false, reply: false, release: false });
    }
  });

  it('lets the holder answer and hand back', () => {
    expect(conversationActions({ state: 'staff', agent_id: 'u-me' }, me)).toEqual({ heldByMe: true, heldByOther: false, claim: false, takeOver: false, reply: true, release: true });
  });

  it("lets only an administrator hand back a colleague's conversation", () => {
    expect(conversationActions({ state: 'staff', agent_id: 'u-other' }, me)).toMatchObject({ heldByOther: true, claim: false, reply: false, release: false });
    expect(conversationActions({ state: 'staff', agent_id: 'u-other' }, admin)).toMatchObject({ heldByOther: true, reply: false, release: true });
  });

  it("offers to take over a colleague's conversation to whoever may, instead of taking it", () => {
    const moderator = { id: 'u-mod', role: 'moderator', canTakeOver: true };
    expect(conversationActions({ state: 'staff', agent_id: 'u-other' }, moderator)).toMatchObject({ heldByOther: true, claim: false, takeOver: true, reply: false });
    expect(conversationActions({ state: 'staff', agent_id: 'u-other' }, me)).toMatchObject({ claim: false, takeOver: false });
    // Nothing to take over in one's own conversation, or one nobody holds.
    expect(conversationActions({ state: 'staff', agent_id: 'u-mod' }, moderator)).toMatchObject({ takeOver: false, reply: true });
    expect(conversationActions({ state: 'waiting' }, moderator)).toMatchObject({ claim: true, takeOver: false });
  });

  it('lets anyone hand back a waiting call-back once the visitor was called', () => {
    expect(conversationActions({ state: 'waiting', handoff_reason: 'callback' }, me)).toMatchObject({ claim: true, release: true });
    expect(conversationActions({ state: 'waiting', handoff_reason: 'asked' }, me)).toMatchObject({ release: false });
  });
});

describe('senderName', () => {
  const texts: Record<string, string> = {
    'conversations.sender.user': 'Visitor',
    'conversations.sender.bot': 'Dota',
    'conversations.sender.staff': 'Team',
    'conversations.sender.staffNamed': '{{name}} (team)',
  };
  const t = (key: string, options?: Record<string, unknown>) =>
    (texts[key] ?? String(options?.defaultValue ?? key)).replace('{{name}}', String(options?.name ?? ''));

  it('names the visitor, Dota, and staff by first name', () => {
    expect(senderName(t, 'user')).toBe('Visitor');
    expect(senderName(t, 'bot')).toBe('Dota');
    expect(senderName(t, 'staff', 'Karim')).toBe('Karim (team)');
    expect(senderName(t, 'staff')).toBe('Team');
  });
});
