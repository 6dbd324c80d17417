import { describe, expect, it } from 'vitest';
import { closesOnBack, entryStart, isEditable, stepNumber } from './entry-steps';

describe('entry steps (spec §4)', () => {
  it('resumes a card at its stored step: -1 form, 0 photos, 2 submitted', () => {
    expect(entryStart(null)).toBe('form');
    expect(entryStart({ step: -1, review_state: 'unreviewed' })).toBe('form');
    expect(entryStart({ step: 0, review_state: 'missingPhotos' })).toBe('photos');
    expect(entryStart({ step: 2, review_state: 'reviewing' })).toBe('submitted');
  });

  it('opens a rejected card on the form to correct it', () => {
    expect(entryStart({ step: 2, review_state: 'rejected' })).toBe('form');
    expect(isEditable({ step: 2, review_state: 'rejected' })).toBe(true);
    expect(isEditable({ step: 2, review_state: 'approved' })).toBe(false);
    expect(isEditable({ step: 0, review_state: 'missingPhotos' })).toBe(true);
  });

  it('numbers the steps 1 to 3; back closes the editor on steps 1 and 3', () => {
    expect([stepNumber('form'), stepNumber('photos'), stepNumber('submitted')]).toEqual([1, 2, 3]);
    expect([closesOnBack('form'), closesOnBack('photos'), closesOnBack('submitted')]).toEqual([
      true,
      false,
      true,
    ]);
  });
});
