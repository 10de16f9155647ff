import { describe, expect, it } from 'vitest';
import { pagerItems } from './Pager.tsx';

describe('pager items', () => {
  it('lists every page when there are few', () => {
    expect(pagerItems(2, 3)).toEqual([1, 2, 3]);
  });
  it('keeps first, last and two around the current page, with gaps, when there are many', () => {
    expect(pagerItems(10, 40)).toEqual([1, null, 8, 9, 10, 11, 12, null, 40]);
    expect(pagerItems(1, 40)).toEqual([1, 2, 3, null, 40]);
    expect(pagerItems(39, 40)).toEqual([1, null, 37, 38, 39, 40]);
  });
});
