import { describe, expect, it } from 'vitest';
import { staffParts } from './StaffText';

const origin = 'https://dota.dz';

describe('a staff message in the widget', () => {
  it('makes the site’s manage links openable, without the sentence’s last stop', () => {
    expect(staffParts('Bonjour Amira. Votre lien : https://dota.dz/manage/AbC_d-1?lang=fr.', origin)).toEqual([
      { text: 'Bonjour Amira. Votre lien : ' },
      { text: 'https://dota.dz/manage/AbC_d-1?lang=fr', href: '/manage/AbC_d-1?lang=fr' },
      { text: '.' },
    ]);
  });

  it('leaves any other address as text', () => {
    for (const text of ['See https://evil.example/manage/x?lang=fr', 'Our page https://dota.dz/services', 'javascript:alert(1) http://dota.dz/manage/x']) {
      expect(staffParts(text, origin)).toEqual([{ text }]);
    }
  });

  it('keeps a message without an address whole', () => {
    expect(staffParts('Merci !', origin)).toEqual([{ text: 'Merci !' }]);
    expect(staffParts('', origin)).toEqual([]);
  });
});
