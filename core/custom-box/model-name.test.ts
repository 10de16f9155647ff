import { describe, expect, it } from 'vitest';
import { boxModelName } from './model-name-text.ts';

describe('boxModelName', () => {
  it('writes the shop’s default model names in the reader’s language', () => {
    expect(boxModelName({ name: 'Cedar box for 10', capacity: 10 }, 'de')).toBe('Zedernholzkiste für 10 Zigarren');
    expect(boxModelName({ name: 'Mahogany humidor box for 20', capacity: 20 }, 'fr')).toBe('Coffret humidor en acajou pour 20 cigares');
    expect(boxModelName({ name: 'Lacquered ebony box for 25', capacity: 25 }, 'ar')).not.toMatch(/[A-Za-z]/);
    expect(boxModelName({ name: 'Cedar box for 5', capacity: 5 }, 'en')).toBe('Cedar box for 5');
  });

  it('keeps a name the owner wrote, and a default name whose capacity was changed', () => {
    expect(boxModelName({ name: 'Geschenkkiste Advent', capacity: 10 }, 'fr')).toBe('Geschenkkiste Advent');
    expect(boxModelName({ name: 'Cedar box for 10', capacity: 12 }, 'de')).toBe('Cedar box for 10');
  });
});
