import { attemptLabel, progressTone } from './sync-progress';

describe('attemptLabel (spec §4 progress display)', () => {
  it('is hidden on the first attempt (attempt 0)', () => {
    expect(attemptLabel({ event_type: 'progress', attempt: 0 })).toBeNull();
  });
  it('shows "intento 2 de 3" while attempt 1 is running', () => {
    expect(attemptLabel({ event_type: 'progress', attempt: 1 })).toBe('intento 2 de 3');
  });
  it('shows "intento 3 de 3" while attempt 2 is running', () => {
    expect(attemptLabel({ event_type: 'progress', attempt: 2 })).toBe('intento 3 de 3');
  });
  it('is hidden once the sync finished with success', () => {
    expect(attemptLabel({ event_type: 'success', attempt: 2 })).toBeNull();
  });
  it('is hidden once the sync finished with an error', () => {
    expect(attemptLabel({ event_type: 'error', attempt: 2 })).toBeNull();
  });
});

describe('progressTone (spec §4 bar colour)', () => {
  it('green on success', () => expect(progressTone({ event_type: 'success' })).toBe('success'));
  it('red on error', () => expect(progressTone({ event_type: 'error' })).toBe('danger'));
  it('neutral while in progress', () => expect(progressTone({ event_type: 'progress' })).toBe('info'));
});
