/**
 * The feedback form's behaviour once the reader comes near it (loaded then, not with the
 * page). It asks the server whether it takes feedback (a static deployment does not: the
 * form is hidden), answers without leaving the page, then offers the follow-up (for "No",
 * what was wrong; a comment either way) sent with the key the answer returned. One answer
 * per page a day: the day is kept in this browser's storage, and no cookie is sent.
 */
import {insightsStatus} from '@site/src/insights/status';

export type FeedbackStep = 'form' | 'detail' | 'sent' | 'answered' | 'off' | 'error';

const STORAGE_PREFIX = 'feedback:v1:';
const today = () => new Date().toISOString().slice(0, 10);

function answeredToday(path: string): boolean {
  try {
    return localStorage.getItem(STORAGE_PREFIX + path) === today();
  } catch {
    return false;
  }
}

function rememberAnswer(path: string): void {
  try {
    localStorage.setItem(STORAGE_PREFIX + path, today());
  } catch {
    // Storage off: the reader may answer again, which is the lesser loss.
  }
}

async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {method: 'POST', credentials: 'omit', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)});
}

/** Takes over the form in `section` for the page at `path`; returns a function that lets it go. */
export function enhance(section: HTMLElement, path: string): () => void {
  const form = section.querySelector('form');
  const live = section.querySelector<HTMLElement>('[role="status"]');
  const details = section.querySelector('details');
  if (!form || !live) return () => undefined;
  let detailKey: string | undefined;
  let busy = false;
  let gone = false;

  const show = (step: FeedbackStep, message = '') => {
    section.setAttribute('data-feedback', step);
    if (step === 'off') section.hidden = true;
    live.textContent = message;
  };

  void insightsStatus().then(({feedback: takes}) => {
    if (gone) return;
    if (!takes) show('off');
    else if (answeredToday(path)) show('answered', 'You told us about this page today. Thank you.');
  });

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    if (busy) return;
    const data = new FormData(form);
    const reasons = data.getAll('reasons').map(String);
    const comment = String(data.get('comment') ?? '').trim();
    busy = true;
    const done = (ok: boolean) => {
      busy = false;
      if (!ok) show('error', 'Your feedback could not be sent. Please try again later.');
    };
    if (detailKey === undefined) {
      const helpful = (event.submitter as HTMLButtonElement | null)?.value === 'yes';
      section.setAttribute('data-helpful', helpful ? 'yes' : 'no');
      // What the reader filled in before answering goes with the answer.
      const given = {reasons: helpful ? [] : reasons, ...(comment ? {comment} : {})};
      postJson('/insights/feedback', {path, helpful, ...given})
        .then(async (res) => {
          if (res.status !== 202) return done(false);
          rememberAnswer(path);
          const body = (await res.json()) as {detailKey?: string};
          busy = false;
          if (given.reasons.length || comment || !body.detailKey) {
            show('sent', 'Thank you for your feedback.');
            return;
          }
          detailKey = body.detailKey;
          show('detail', helpful ? 'Thank you. Anything to add? (optional)' : 'Thank you. What was wrong? (optional)');
          if (details) details.open = true;
          details?.querySelector<HTMLElement>(helpful ? 'textarea' : 'input')?.focus();
        })
        .catch(() => done(false));
      return;
    }
    postJson('/insights/feedback/detail', {detailKey, reasons: section.getAttribute('data-helpful') === 'yes' ? [] : reasons, ...(comment ? {comment} : {})})
      .then((res) => {
        if (res.status !== 202) return done(false);
        busy = false;
        show('sent', 'Thank you for your feedback.');
      })
      .catch(() => done(false));
  };

  form.addEventListener('submit', onSubmit);
  section.setAttribute('data-feedback-ready', 'true');
  return () => {
    gone = true;
    form.removeEventListener('submit', onSubmit);
  };
}
