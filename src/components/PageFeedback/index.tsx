import {useEffect, useRef, type ReactNode} from 'react';
import {COMMENT_MAX, REASONS} from './reasons';
import styles from './styles.module.css';

/**
 * "Was this page helpful?" at the end of a doc or API page. The markup is a plain HTML form
 * that posts to the server without JavaScript (the reasons and comment ride along when the
 * reader opens "Tell us more"); its code here is the markup alone. The rest (asking the
 * server whether it takes feedback, answering without leaving the page, the follow-up
 * questions, one answer a day) loads when the reader comes near the form: ./enhance.
 * `data-feedback` says where the form is: form, detail, sent, answered, off or error.
 */
export default function PageFeedback({route}: {route: string}): ReactNode {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = section.current;
    if (!el || typeof IntersectionObserver === 'undefined') return undefined;
    let stop: (() => void) | undefined;
    let gone = false;
    const near = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        near.disconnect();
        void import('./enhance').then((m) => {
          if (!gone) stop = m.enhance(el, route);
        });
      },
      {rootMargin: '600px 0px'},
    );
    near.observe(el);
    return () => {
      gone = true;
      near.disconnect();
      stop?.();
    };
  }, [route]);
  return (
    <section ref={section} id="page-feedback" className={styles.feedback} aria-labelledby="page-feedback-title" data-feedback="form">
      <form method="post" action="/insights/feedback">
        <input type="hidden" name="path" value={route} />
        <h2 id="page-feedback-title">
          Was this page helpful?
        </h2>
        <div>
          <button type="submit" name="helpful" value="yes" className="button button--outline button--primary">
            Yes
          </button>
          <button type="submit" name="helpful" value="no" className="button button--outline button--primary">
            No
          </button>
        </div>
        {/* What the enhanced form says of each step, read out as it changes; above the follow-up it introduces. */}
        <p role="status" />
        <details>
          <summary>Tell us more (optional)</summary>
          <fieldset>
            <legend>What was wrong?</legend>
            {REASONS.map(([value, label]) => (
              <label key={value}>
                <input type="checkbox" name="reasons" value={value} /> {label}
              </label>
            ))}
          </fieldset>
          <label htmlFor="page-feedback-comment">Comment</label>
          <textarea id="page-feedback-comment" name="comment" maxLength={COMMENT_MAX} rows={4} aria-describedby="page-feedback-privacy" />
          <p id="page-feedback-privacy">
            Please do not include API keys, passwords or personal data.
          </p>
          <button type="submit" name="step" value="detail" className="button button--primary">
            Send
          </button>
        </details>
        <p id="feedback-thanks" tabIndex={-1}>
          Thank you for your feedback.
        </p>
      </form>
    </section>
  );
}
