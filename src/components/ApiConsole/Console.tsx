/**
 * The request console of an API operation page: the operation's parameters and body,
 * prefilled from the spec's examples and checked as the reader types, sent to the
 * sandbox (a mock on the docs server, the default) or to the live API with the reader's
 * key. Loaded only when the reader opens it (see ./index.tsx), in a chunk of its own.
 *
 * Everything from the spec or from an answer is shown as text, never as HTML.
 */
import {useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {findOperation, loadSpec, type ConsoleOperation, type ConsoleParameter, type OpenApiDocument} from './operation';
import {createValidator, type Validator, type Violation} from './validate';
import {buildRequest, curlCommand} from './request';
import {sandboxViolations, sendRequest, type SendResult, type Target} from './send';
import {clearKey, readKey, writeKey} from './key';
import {describeLiveWrite} from './cost';
import {styles} from './styles';

export interface ConsoleProps {
  operationId: string;
  /** The reader's brand's API base (`https://api.example.com/v1`), read when needed. */
  apiBase: () => string;
}

/** Where the sandbox answers, on the docs' own origin. */
export const SANDBOX_BASE = '/sandbox/v1';

const PLACES: {place: ConsoleParameter['in']; label: string}[] = [
  {place: 'path', label: 'Path parameters'},
  {place: 'query', label: 'Query parameters'},
  {place: 'header', label: 'Headers'},
];

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Loaded = {doc: OpenApiDocument; operation: ConsoleOperation; validator: Validator};

function prefilled(operation: ConsoleOperation): Record<string, string> {
  return Object.fromEntries(operation.parameters.map((p) => [`${p.in}:${p.name}`, p.example]));
}

/** What is wrong with one field; `showWhere` names the place inside it (a body's fields). */
function ViolationList({id, violations, showWhere}: {id: string; violations: Violation[]; showWhere: boolean}): ReactNode {
  if (violations.length === 0) return null;
  return (
    <ul id={id} className={styles.violations}>
      {violations.map((v, i) => (
        <li key={i}>
          {showWhere ? (
            <>
              <code>{v.where}</code>: {v.message}
            </>
          ) : (
            v.message
          )}
        </li>
      ))}
    </ul>
  );
}

function ParameterField({parameter, value, violations, onChange}: {parameter: ConsoleParameter; value: string; violations: Violation[]; onChange: (value: string) => void}): ReactNode {
  const id = useId();
  const errorId = `${id}-problems`;
  const hintId = `${id}-hint`;
  const type = ([] as unknown[]).concat(parameter.schema.type ?? []).join(' or ');
  const describedBy = [violations.length ? errorId : '', parameter.description ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>
        <code>{parameter.name}</code>
        {type ? <span className={styles.type}> {type}</span> : null}
        {parameter.required ? <span className={styles.required}> required</span> : null}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={violations.length > 0}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      {parameter.description ? (
        <p id={hintId} className={styles.hint}>
          {parameter.description}
        </p>
      ) : null}
      <ViolationList id={errorId} violations={violations} showWhere={false} />
    </div>
  );
}

export default function Console({operationId, apiBase}: ConsoleProps): ReactNode {
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [bodyText, setBodyText] = useState('');
  const [target, setTarget] = useState<Target>('sandbox');
  const [key, setKey] = useState(() => readKey());
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<SendResult | null>(null);
  const [notice, setNotice] = useState('');
  const [curlShown, setCurlShown] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const firstField = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    loadSpec()
      .then((doc) => {
        if (!live) return;
        const operation = findOperation(doc, operationId);
        if (!operation) throw new Error(`The API spec has no operation ${operationId}.`);
        setValues(prefilled(operation));
        setBodyText(operation.body?.example === undefined ? '' : JSON.stringify(operation.body.example, null, 2));
        setLoaded({doc, operation, validator: createValidator(doc)});
      })
      .catch((error: unknown) => live && setLoadError(error instanceof Error ? error.message : 'The API spec did not load.'));
    return () => {
      live = false;
    };
  }, [operationId]);

  // The reader opened the console to use it: the first field takes the focus once it exists.
  useEffect(() => {
    if (loaded) firstField.current?.querySelector<HTMLElement>('input, textarea')?.focus({preventScroll: true});
  }, [loaded]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (confirming !== null && !element.open) element.showModal();
    if (confirming === null && element.open) element.close();
  }, [confirming]);

  const checked = useMemo(() => {
    if (!loaded) return null;
    const parameters = new Map(loaded.operation.parameters.map((p) => [`${p.in}:${p.name}`, loaded.validator.parameter(p, values[`${p.in}:${p.name}`] ?? '')]));
    const body = loaded.validator.body(loaded.operation, bodyText);
    const count = [...parameters.values()].reduce((sum, list) => sum + list.length, 0) + body.violations.length;
    return {parameters, body, count};
  }, [loaded, values, bodyText]);

  if (loadError) {
    return (
      <div className={styles.console} data-console-state="error" role="alert">
        {loadError}
      </div>
    );
  }
  if (!loaded || !checked) {
    return (
      <div className={styles.console} data-console-state="loading" aria-busy="true">
        Loading the request form…
      </div>
    );
  }

  const {operation} = loaded;
  const base = target === 'sandbox' ? `${window.location.origin}${SANDBOX_BASE}` : apiBase();
  const draft = buildRequest(operation, base, values, operation.body ? bodyText : undefined);
  const state = sending ? 'sending' : result ? 'done' : 'ready';

  const send = async () => {
    setConfirming(null);
    setSending(true);
    setNotice('Sending…');
    // The sandbox checks that a key is there, never which: it never gets the reader's.
    const sentKey = operation.keyHeader ? {header: operation.keyHeader, value: target === 'sandbox' ? 'sandbox' : key.key} : null;
    const answer = await sendRequest(draft, target, sentKey);
    setResult(answer);
    setSending(false);
    setNotice(answer.kind === 'response' ? `Answer: ${answer.response.status} ${answer.response.statusText}` : answer.message);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (target === 'live') {
      if (operation.keyHeader && !key.key) {
        setNotice('Enter your API key to call the live API.');
        return;
      }
      if (checked.count > 0) {
        setNotice('Fix the problems above first: the live API would refuse this request.');
        return;
      }
      if (WRITES.has(operation.method)) {
        const pathValues = Object.fromEntries(operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, values[`path:${p.name}`] ?? '']));
        setConfirming(describeLiveWrite({operationId: operation.id, method: operation.method, url: draft.url, summary: operation.summary, pathValues, body: checked.body.value}));
        return;
      }
    }
    void send();
  };

  const copyCurl = async () => {
    const command = curlCommand(draft, operation.keyHeader);
    try {
      await navigator.clipboard.writeText(command);
      setNotice(`Copied as curl. Set API_KEY in your shell before you run it.`);
      setCurlShown(null);
    } catch {
      // No clipboard (permission refused, plain HTTP): the command to select by hand.
      setCurlShown(command);
      setNotice('The browser did not allow copying: select the command below.');
    }
  };

  const updateKey = (value: string, remember: boolean) => {
    writeKey(value, remember);
    setKey({key: value, remembered: remember && value !== ''});
  };

  const response = result?.kind === 'response' ? result.response : null;
  const refused = response ? sandboxViolations(response.json) : null;

  return (
    <div className={styles.console} data-console-state={state}>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className={styles.targets}>
          <legend>Send to</legend>
          <label>
            <input type="radio" name={`${id}-target`} value="sandbox" checked={target === 'sandbox'} onChange={() => setTarget('sandbox')} /> Sandbox{' '}
            <span className={styles.hint}>(a mock: nothing is created, no key needed)</span>
          </label>
          <label>
            <input type="radio" name={`${id}-target`} value="live" checked={target === 'live'} onChange={() => setTarget('live')} /> Live API{' '}
            <span className={styles.hint}>({apiBase()}, with your key)</span>
          </label>
        </fieldset>

        {target === 'live' && operation.keyHeader ? (
          <fieldset className={styles.key}>
            <legend>API key</legend>
            <label htmlFor={`${id}-key`}>
              Your key, sent as <code>{operation.keyHeader}</code>
            </label>
            <div className={styles.keyRow}>
              <input
                id={`${id}-key`}
                className={styles.input}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={key.key}
                onChange={(event) => updateKey(event.target.value, key.remembered)}
              />
              <button
                type="button"
                className="button button--secondary button--sm"
                onClick={() => {
                  clearKey();
                  setKey({key: '', remembered: false});
                  setNotice('The key is cleared.');
                }}>
                Clear
              </button>
            </div>
            <label className={styles.remember}>
              <input type="checkbox" checked={key.remembered} onChange={(event) => updateKey(key.key, event.target.checked)} /> Remember for this tab
            </label>
            <p className={styles.hint}>The key stays in this tab: it is never saved for other tabs, put in a link or in a copied command.</p>
          </fieldset>
        ) : null}

        <div ref={firstField}>
          {PLACES.map(({place, label}) => {
            const parameters = operation.parameters.filter((p) => p.in === place);
            if (parameters.length === 0) return null;
            return (
              <fieldset key={place} className={styles.group}>
                <legend>{label}</legend>
                {parameters.map((p) => {
                  const name = `${p.in}:${p.name}`;
                  return (
                    <ParameterField
                      key={name}
                      parameter={p}
                      value={values[name] ?? ''}
                      violations={checked.parameters.get(name) ?? []}
                      onChange={(value) => setValues((current) => ({...current, [name]: value}))}
                    />
                  );
                })}
              </fieldset>
            );
          })}

          {operation.body ? (
            <div className={styles.field}>
              <label htmlFor={`${id}-body`}>
                Body <span className={styles.type}>JSON</span>
                {operation.body.required ? <span className={styles.required}> required</span> : null}
              </label>
              <textarea
                id={`${id}-body`}
                className={clsx(styles.input, styles.body)}
                value={bodyText}
                spellCheck={false}
                rows={Math.min(18, Math.max(4, bodyText.split('\n').length + 1))}
                aria-invalid={checked.body.violations.length > 0}
                aria-describedby={checked.body.violations.length ? `${id}-body-problems` : undefined}
                onChange={(event) => setBodyText(event.target.value)}
              />
              <ViolationList id={`${id}-body-problems`} violations={checked.body.violations} showWhere />
            </div>
          ) : null}
        </div>

        <p className={styles.summary} role="status" aria-live="polite" data-console-problems={checked.count}>
          {checked.count === 0
            ? ''
            : `${checked.count} ${checked.count === 1 ? 'problem' : 'problems'} with this request${target === 'sandbox' ? ': the sandbox will refuse it too.' : '.'}`}
        </p>

        <div className={styles.actions}>
          <button type="submit" className="button button--primary" disabled={sending}>
            {target === 'sandbox' ? 'Send to the sandbox' : 'Send to the live API'}
          </button>
          <button type="button" className="button button--secondary" onClick={() => void copyCurl()}>
            Copy as curl
          </button>
        </div>
        <p className={styles.notice} role="status" aria-live="polite">
          {notice}
        </p>
        {curlShown !== null ? (
          <textarea className={clsx(styles.input, styles.body)} readOnly value={curlShown} aria-label="The request as a curl command" rows={curlShown.split('\n').length} />
        ) : null}
      </form>

      {result?.kind === 'failure' ? (
        <p className={styles.failure} data-console-failure>
          {result.message}
        </p>
      ) : null}

      {response ? (
        <section className={styles.response} aria-label="Response" data-console-status={response.status}>
          <p className={styles.status}>
            <span className={clsx(styles.code, response.status < 300 ? styles.ok : response.status < 500 ? styles.refused : styles.broken)}>{response.status}</span>{' '}
            {response.statusText}
            {target === 'sandbox' ? <span className={styles.hint}> from the sandbox</span> : null}
          </p>
          {refused ? (
            <div className={styles.refusal}>
              <p>The sandbox refused the request:</p>
              <ul>
                {refused.map((v, i) => (
                  <li key={i}>
                    <code>{v.where}</code>: {v.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {response.headers.length ? (
            <dl className={styles.headers}>
              {response.headers.map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {target === 'live' ? <p className={styles.hint}>A browser shows only the headers the API lets pages read; curl shows them all.</p> : null}
          {response.body ? (
            <pre className={styles.answer} tabIndex={0} role="region" aria-label="Response body">
              {response.body}
            </pre>
          ) : (
            <p className={styles.hint}>No body.</p>
          )}
        </section>
      ) : null}

      <dialog ref={dialog} className={styles.dialog} aria-labelledby={`${id}-confirm-title`} onClose={() => setConfirming(null)}>
        <p id={`${id}-confirm-title`} className={styles.dialogTitle}>
          Send this to your live account?
        </p>
        <p data-console-confirmation>{confirming}</p>
        <div className={styles.actions}>
          <button type="button" className="button button--danger" onClick={() => void send()}>
            Send it
          </button>
          <button type="button" className="button button--secondary" autoFocus onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </div>
      </dialog>
    </div>
  );
}
