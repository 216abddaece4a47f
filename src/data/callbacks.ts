/**
 * How the platform delivers callback notifications: the events it sends, how it signs
 * them, how long it waits for an answer and when it tries again. The callbacks page
 * renders these; `src/data/callbacks.test.ts` ties them to the API spec (the `webhooks`
 * of openapi/parts/common.yaml and the callback schemas).
 */
import {policies} from './platform';

/** One kind of notification. */
export interface CallbackEvent {
  /** The event's `type` field, e.g. `vm.status_changed`. */
  type: string;
  /** The resource whose callback URL receives it. */
  resource: 'Virtual machine' | 'Volume';
  /** The component schema of the payload in the spec. */
  schema: string;
  /** The key under `data` that holds the resource. */
  dataKey: 'instance' | 'volume';
  /** When the platform sends it. */
  sentWhen: string;
}

export const callbackEvents: readonly CallbackEvent[] = [
  {type: 'vm.status_changed', resource: 'Virtual machine', schema: 'VmStatusChangedEvent', dataKey: 'instance', sentWhen: 'The VM moves from one status to another, transitional statuses included; `data.previous_status` is the status it left.'},
  {type: 'vm.spot_interrupted', resource: 'Virtual machine', schema: 'VmSpotInterruptedEvent', dataKey: 'instance', sentWhen: 'A spot VM gets its interruption notice; `data.hibernate_at` is when hibernation starts.'},
  {type: 'volume.status_changed', resource: 'Volume', schema: 'VolumeStatusChangedEvent', dataKey: 'volume', sentWhen: 'The volume moves from one status to another; `data.previous_status` is the status it left.'},
];

/** Delivery, signing and retry rules of every callback. */
export const callbackDelivery = {
  /** Seconds the platform waits for a `2xx` answer before it counts the attempt as failed. */
  timeoutSeconds: 10,
  /**
   * Delay before each retry, in seconds, counted from the failed attempt. A failed attempt
   * is a status other than `2xx`, a timeout, a refused connection or a TLS error.
   */
  retryDelaysSeconds: [30, 120, 600, 1800, 3600, 10800, 21600, 43200] as const,
  /** How far the signature's timestamp may be from your clock before you reject it, in seconds. */
  signatureToleranceSeconds: 300,
  /** Hours the old secret keeps signing next to the new one after a rotation. */
  secretRotationOverlapHours: 24,
  /** Header with the timestamp and signatures. */
  signatureHeader: 'X-Callback-Signature',
  /** Header with the attempt number, 1 for the first delivery. */
  attemptHeader: 'X-Callback-Attempt',
  /** Prefix of every signing secret. */
  secretPrefix: 'cbsec_',
  /** Longest callback URL, in characters. */
  urlMaxLength: 2048,
  /** Seconds of notice a spot VM gets, the gap between `vm.spot_interrupted` and hibernation. */
  spotNoticeSeconds: policies.spotInterruptionNoticeSeconds,
} as const;

/** Total attempts of one event: the first delivery and every retry. */
export const callbackMaxAttempts = callbackDelivery.retryDelaysSeconds.length + 1;

/** "30 seconds", "2 minutes", "1 hour", "12 hours". */
export function formatDuration(seconds: number): string {
  const [value, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** Each attempt with its delay and the time since the first attempt, in seconds (timeouts not counted). */
export function retrySchedule(): {attempt: number; delaySeconds: number; sinceFirstSeconds: number}[] {
  const rows = [{attempt: 1, delaySeconds: 0, sinceFirstSeconds: 0}];
  for (const delay of callbackDelivery.retryDelaysSeconds) {
    const last = rows[rows.length - 1];
    rows.push({attempt: last.attempt + 1, delaySeconds: delay, sinceFirstSeconds: last.sinceFirstSeconds + delay});
  }
  return rows;
}

/** "20 hours 52 minutes 30 seconds" style, largest units first, zero parts left out. */
export function formatElapsed(seconds: number): string {
  if (seconds === 0) return 'at once';
  const parts: string[] = [];
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h) parts.push(`${h} h`);
  if (m) parts.push(`${m} min`);
  if (s) parts.push(`${s} s`);
  return parts.join(' ');
}
