/**
 * Rules for environment names, as the API enforces them (EnvironmentCreate and
 * EnvironmentUpdate in the spec; `src/data/environments.test.ts` keeps them equal).
 */
export const environmentNames = {
  /** Longest name, in characters. */
  maxLength: 50,
  /** The pattern a name must match: letters, digits and hyphens, starting with a letter or digit. */
  pattern: '^[A-Za-z0-9][A-Za-z0-9-]*$',
} as const;
