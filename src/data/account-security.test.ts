// The account-security facts both authentication tutorials render: sane TOTP parameters,
// the recovery-code example in its own format, the enforcement permission held by Owner,
// and the spec's Member.mfa_enabled field that the multi-factor tutorial audits with.
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadSpec, operations} from '../../plugins/openapi/spec';
import {accountRecovery, codeAcceptedSeconds, graceEndsAt, maxClockSkewSeconds, mfaEnforcement, recoveryCodes, rolesThatEnforce, signInLockout, totp, webAuthn} from './account-security';
import {permissions} from './organization';

const spec = loadSpec(path.resolve(__dirname, '../../openapi'));
type Json = Record<string, unknown>;

describe('account security facts', () => {
  it('uses the TOTP parameters every authenticator app supports', () => {
    expect(totp.algorithm).toBe('SHA1');
    expect([6, 8]).toContain(totp.digits);
    expect(totp.periodSeconds).toBe(30);
    // 160-bit secrets: 32 Base32 characters of 5 bits.
    expect(totp.secretLength * 5).toBe(160);
  });

  it('derives the clock tolerance from the period and the accepted drift', () => {
    expect(maxClockSkewSeconds()).toBe(totp.periodSeconds * totp.acceptedDriftSteps);
    expect(codeAcceptedSeconds()).toBe(3 * totp.periodSeconds);
  });

  it('shows a recovery code in the format it describes', () => {
    expect(recoveryCodes.example.replace('-', '')).toHaveLength(recoveryCodes.length);
    expect(recoveryCodes.example).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(recoveryCodes.count).toBeGreaterThanOrEqual(8);
  });

  it('locks sign-in after a handful of wrong codes, for minutes', () => {
    // A million codes and 5 tries per lockout: guessing takes years, not hours.
    const triesPerDay = signInLockout.maxFailedCodes * ((24 * 60) / signInLockout.lockoutMinutes);
    expect(10 ** totp.digits / triesPerDay / 365).toBeGreaterThan(1);
  });

  it('keeps passkeys a second factor, with room for a spare key', () => {
    expect(webAuthn.replacesPassword).toBe(false);
    expect(webAuthn.maxCredentialsPerUser).toBeGreaterThanOrEqual(2);
  });

  it('lets Owner, and no other built-in role, require a second factor', () => {
    expect(permissions.map((p) => p.name)).toContain(mfaEnforcement.permission);
    expect(rolesThatEnforce()).toEqual(['Owner']);
  });

  it('ends the grace period the given number of days later', () => {
    expect(graceEndsAt(new Date('2026-03-02T09:00:00Z')).toISOString()).toBe(new Date(Date.UTC(2026, 2, 2 + mfaEnforcement.gracePeriodDays, 9)).toISOString());
    expect(accountRecovery.supportResetBusinessDays).toBeGreaterThan(0);
  });
});

describe('the spec reports who has a second factor', () => {
  const schemas = spec.components.schemas as Record<string, {required: string[]; properties: Record<string, Json>}>;

  it('has a required, read-only boolean mfa_enabled on Member', () => {
    expect(schemas.Member.required).toContain('mfa_enabled');
    expect(schemas.Member.properties.mfa_enabled).toMatchObject({type: 'boolean', readOnly: true});
  });

  it('says in Member.mfa_enabled that API keys are not affected, as the data does', () => {
    expect(mfaEnforcement.affectsApiKeys).toBe(false);
    expect(schemas.Member.properties.mfa_enabled.description).toMatch(/API keys/);
  });

  it('shows mfa_enabled on every member of the getOrganization example', () => {
    const located = operations(spec).find((o) => o.operation.operationId === 'getOrganization')!;
    const example = (located.operation.responses!['200'] as {content: {'application/json': {example: {organization: {members: Json[]}}}}}).content['application/json'].example;
    const members = example.organization.members;
    expect(members.length).toBeGreaterThan(1);
    for (const member of members) expect(typeof member.mfa_enabled).toBe('boolean');
    expect(members.some((m) => m.mfa_enabled === false)).toBe(true);
  });
});
