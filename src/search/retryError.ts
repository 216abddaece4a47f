/**
 * The error DocSearch recognises (by `name`) to show 'Unable to fetch results'. Kept
 * apart from the client so the search bar can use it without loading the engine.
 */
export class RetryError extends Error {
  constructor(message: string, options?: {cause?: unknown}) {
    super(message, options);
    this.name = 'RetryError';
  }
}

export const isRetryError = (error: unknown): boolean => (error as {name?: unknown} | null)?.name === 'RetryError';
