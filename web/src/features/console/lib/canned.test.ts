import { describe, expect, it } from 'vitest';
import type { CannedReply } from '../api/cannedReplies';
import { cannedText, firstVariable, matchReplies, slashQuery, variablesLeft } from './canned';

const at = '2027-03-10T09:00:00Z';
const reply = (title: string, texts: Record<string, string>): CannedReply => ({ id: title, title, texts, created_at: at, updated_at: at });

describe('canned replies in the reply box', () => {
  it('reads the query after a slash at the very start, on one line', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/Hor aires')).toBe('Hor aires');
    expect(slashQuery(' /hor')).toBeNull();
    expect(slashQuery('a/hor')).toBeNull();
    expect(slashQuery('/hor\nla suite')).toBeNull();
  });

  it('finds by title first, then by the text in the language, without case or accents', () => {
    const list = [reply('Tarifs', { fr: 'Nos prix' }), reply('Accès', { fr: 'Le bureau est à Alger', ar: 'المكتب' }), reply('Prix', { en: 'Prices' })];
    expect(matchReplies(list, '', 'fr').map((r) => r.title)).toEqual(['Tarifs', 'Accès', 'Prix']);
    expect(matchReplies(list, 'PRIX', 'fr').map((r) => r.title)).toEqual(['Prix', 'Tarifs']);
    expect(matchReplies(list, 'acces', 'fr').map((r) => r.title)).toEqual(['Accès']);
    expect(matchReplies(list, 'المكتب', 'ar').map((r) => r.title)).toEqual(['Accès']);
    expect(matchReplies(list, 'alger', 'ar').map((r) => r.title)).toEqual([]);
  });

  it('shows the text in the language, else English, French, Arabic', () => {
    expect(cannedText(reply('a', { fr: 'Bonjour', en: 'Hello' }), 'ar')).toBe('Hello');
    expect(cannedText(reply('a', { ar: 'مرحبا' }), 'fr')).toBe('مرحبا');
    expect(cannedText(reply('a', {}), 'fr')).toBe('');
  });

  it('finds the variables left in braces, the first one first', () => {
    const text = 'Le {date} pour {service}, {date} — {unknown} {first_name}';
    expect(variablesLeft(text)).toEqual(['date', 'service', 'first_name']);
    expect(firstVariable(text)).toEqual({ start: 3, end: 9 });
    expect(firstVariable('Rien à remplir {unknown}')).toBeNull();
  });
});
