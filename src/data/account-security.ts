/**
 * Account security facts: the second factor for console sign-in (an authenticator app with
 * TOTP, a security key or a passkey with WebAuthn), recovery codes, sign-in lockout,
 * organization-wide enforcement and recovery through support. The two-factor and the
 * multi-factor tutorials render these; `src/data/account-security.test.ts` ties them to the
 * RBAC data and to the spec's `Member.mfa_enabled`.
 *
 * None of this applies to API keys: a key is a secret on its own and never asks for a
 * second factor.
 */
import {builtInRoles, permissionsOf, type BuiltInRoleFact} from './organization';

/** The time-based one-time password (RFC 6238) an authenticator app computes. */
export const totp = {
  /** HMAC algorithm, as authenticator apps and `oathtool` name it. */
  algorithm: 'SHA1',
  /** Digits in a code. */
  digits: 6,
  /** Seconds a code is valid for before the next one starts. */
  periodSeconds: 30,
  /**
   * Codes accepted on either side of the current one, in periods: with 1, the previous and the
   * next code work too, which absorbs a clock that is up to one period off.
   */
  acceptedDriftSteps: 1,
  /** Characters of the Base32 secret shown under the QR code for manual entry (160 bits). */
  secretLength: 32,
} as const;

/** One-time codes that replace the second factor when the device is not at hand. */
export const recoveryCodes = {
  /** Codes issued when you turn two-factor authentication on, or generate a new set. */
  count: 10,
  /** Characters of each code, shown in two groups of five separated by a hyphen. */
  length: 10,
  /** A code in the form the console shows it. */
  example: 'k7h2q-9xw4m',
  /** Generating a new set invalidates every code of the old set, used or not. */
  newSetInvalidatesOld: true,
} as const;

/** What stops someone who has the password from guessing codes. */
export const signInLockout = {
  /** Wrong codes in a row that lock the sign-in. */
  maxFailedCodes: 5,
  /** Minutes the sign-in stays locked; the password is not reset. */
  lockoutMinutes: 15,
} as const;

/** Security keys and passkeys (WebAuthn) as a second factor. */
export const webAuthn = {
  /** Security keys and passkeys one person can register, together. */
  maxCredentialsPerUser: 10,
  /** They are a second factor after the password; they do not replace it. */
  replacesPassword: false,
} as const;

/** An organization requiring every member to have a second factor. */
export const mfaEnforcement = {
  /** The permission needed to require (or stop requiring) a second factor. */
  permission: 'organization:write',
  /** Days members without a second factor keep full access after the requirement starts, or after they join. */
  gracePeriodDays: 14,
  /** The member who turns the requirement on must have a second factor already. */
  enforcerNeedsSecondFactor: true,
  /** API keys keep working unchanged when the requirement is on. */
  affectsApiKeys: false,
  /** While the requirement is on, nobody can remove their last second factor. */
  lastFactorRemovable: false,
} as const;

/** Getting back in without the device and without a recovery code. */
export const accountRecovery = {
  /** Business days support needs to verify your identity and remove your second factors. */
  supportResetBusinessDays: 3,
} as const;

/** Seconds a clock may be off before codes stop working: the drift the server accepts. */
export function maxClockSkewSeconds(): number {
  return totp.periodSeconds * totp.acceptedDriftSteps;
}

/** Seconds during which one code is accepted: its own period and the accepted drift on both sides. */
export function codeAcceptedSeconds(): number {
  return totp.periodSeconds * (2 * totp.acceptedDriftSteps + 1);
}

/** When members without a second factor lose access: `start` (the requirement or the join) plus the grace period. */
export function graceEndsAt(start: Date): Date {
  return new Date(start.getTime() + mfaEnforcement.gracePeriodDays * 24 * 60 * 60 * 1000);
}

/** The built-in roles that may require a second factor for the organization. */
export function rolesThatEnforce(roles: readonly BuiltInRoleFact[] = builtInRoles): string[] {
  return roles.filter((r) => permissionsOf(r.policies).includes(mfaEnforcement.permission)).map((r) => r.name);
}
