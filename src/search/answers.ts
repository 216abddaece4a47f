/**
 * The worker's answers as they reach the page: one per message, or several made in one turn
 * of the worker in one message (`answers`), in the order the page asked them. A module of
 * its own, so the /search page's early script reads answers without the page's client.
 */

/** The worker's answer to one call. */
export type Answer = {type: 'answer'; id: number; value: unknown} | {type: 'answer'; id: number; error: {name: string; message: string}};

/** The answers a message from the worker carries, in the order to settle them; none for another kind of message. */
export function answersIn(data: {type: string}): Answer[] {
  if (data.type === 'answer') return [data as Answer];
  const {answers} = data as {answers?: unknown};
  return data.type === 'answers' && Array.isArray(answers) ? (answers as Answer[]) : [];
}
