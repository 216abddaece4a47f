/**
 * Whether the server behind this page takes insights (`GET /insights/status`): our server
 * answers when they are on; a static deployment or INSIGHTS=off answers 404, and then the
 * feedback form stays hidden and no search events are sent. Asked once per page load.
 */
export interface InsightsStatus {
  feedback: boolean;
  search: boolean;
}

let asked: Promise<InsightsStatus> | undefined;

export function insightsStatus(): Promise<InsightsStatus> {
  asked ??= fetch('/insights/status', {credentials: 'omit'})
    .then((res): Promise<Partial<InsightsStatus>> | Partial<InsightsStatus> => (res.ok ? (res.json() as Promise<Partial<InsightsStatus>>) : {}))
    .then((body) => ({feedback: body.feedback === true, search: body.search === true}))
    .catch(() => ({feedback: false, search: false}));
  return asked;
}
