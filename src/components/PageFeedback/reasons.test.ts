import {describe, expect, it} from 'vitest';
import {FEEDBACK_REASONS} from '../../../server/insights/store';
import {MAX_COMMENT_LENGTH} from '../../../server/insights/routes';
import {COMMENT_MAX, REASONS} from './reasons';

describe('the feedback form and the server', () => {
  it('offer the same reasons, in the same order', () => {
    expect(REASONS.map(([code]) => code)).toEqual([...FEEDBACK_REASONS]);
  });

  it('cap a comment at the same length', () => {
    expect(COMMENT_MAX).toBe(MAX_COMMENT_LENGTH);
  });
});
