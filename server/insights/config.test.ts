import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {insightsFromEnv} from './config';

const project = path.resolve('/srv/docs');

describe('the insights settings', () => {
  it('keep insights in .insights/ of the project by default, comments for 90 days', () => {
    const config = insightsFromEnv({}, project);
    expect(config?.where).toBe(`an embedded PostgreSQL in ${path.join(project, '.insights')}`);
    expect(config?.pgliteDir).toBe(path.join(project, '.insights'));
    expect(config?.commentDays).toBe(90);
  });

  it('follow INSIGHTS_DIR, DATABASE_URL (never printing its password) and INSIGHTS_COMMENT_DAYS', () => {
    expect(insightsFromEnv({INSIGHTS_DIR: 'data/insights'}, project)?.where).toBe(`an embedded PostgreSQL in ${path.join(project, 'data/insights')}`);
    const pg = insightsFromEnv({DATABASE_URL: 'postgres://docs:s3cret@db.internal:5432/insights', INSIGHTS_COMMENT_DAYS: '30'}, project);
    expect(pg?.where).toBe('PostgreSQL at postgres://docs:***@db.internal:5432/insights');
    expect(pg?.commentDays).toBe(30);
    expect(pg?.pgliteDir).toBeUndefined();
    expect(insightsFromEnv({INSIGHTS_TOKEN: ' team-token-0123456789abcdef '}, project)?.adminToken).toBe('team-token-0123456789abcdef');
  });

  it('are off with INSIGHTS=off', () => {
    expect(insightsFromEnv({INSIGHTS: 'off', DATABASE_URL: 'postgres://x@y/z'}, project)).toBeUndefined();
    expect(insightsFromEnv({INSIGHTS: 'OFF'}, project)).toBeUndefined();
  });

  it('refuse what they cannot use, saying what to give', () => {
    expect(() => insightsFromEnv({INSIGHTS: 'no'}, project)).toThrow('INSIGHTS must be on or off, got "no".');
    expect(() => insightsFromEnv({INSIGHTS_COMMENT_DAYS: '0'}, project)).toThrow('INSIGHTS_COMMENT_DAYS must be a whole number of days, at least 1; got "0".');
    expect(() => insightsFromEnv({INSIGHTS_COMMENT_DAYS: '7.5'}, project)).toThrow('INSIGHTS_COMMENT_DAYS');
    expect(() => insightsFromEnv({INSIGHTS_TOKEN: 'short'}, project)).toThrow('INSIGHTS_TOKEN must be at least 24 characters');
    expect(() => insightsFromEnv({DATABASE_URL: 'not a url'}, project)).toThrow('DATABASE_URL is not a URL');
    expect(() => insightsFromEnv({DATABASE_URL: 'mysql://x@y/z'}, project)).toThrow('DATABASE_URL must be a postgres:// URL, not mysql://…');
  });
});
