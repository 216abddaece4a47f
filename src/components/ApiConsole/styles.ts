/**
 * The console's styles, in its own chunk: Docusaurus puts every CSS file a component
 * imports, CSS modules included, into the one stylesheet every page loads before it paints,
 * so a CSS module here would weigh on every page's first load. These rules are added to the
 * document when the first console mounts instead. Class names carry the `api-console-`
 * prefix, which nothing else of the site uses. Theme variables only, so the console follows
 * the colour mode and a partner's colours.
 */
export const styles = {
  actions: 'api-console-actions',
  answer: 'api-console-answer',
  body: 'api-console-body',
  broken: 'api-console-broken',
  code: 'api-console-code',
  console: 'api-console-console',
  dialog: 'api-console-dialog',
  dialogTitle: 'api-console-dialog-title',
  failure: 'api-console-failure',
  field: 'api-console-field',
  group: 'api-console-group',
  headers: 'api-console-headers',
  hint: 'api-console-hint',
  input: 'api-console-input',
  key: 'api-console-key',
  keyRow: 'api-console-key-row',
  notice: 'api-console-notice',
  ok: 'api-console-ok',
  refusal: 'api-console-refusal',
  refused: 'api-console-refused',
  remember: 'api-console-remember',
  required: 'api-console-required',
  response: 'api-console-response',
  status: 'api-console-status',
  summary: 'api-console-summary',
  targets: 'api-console-targets',
  type: 'api-console-type',
  violations: 'api-console-violations',
} as const;

export const CSS = `
.api-console-console {
  margin: 0 0 var(--ifm-leading);
  padding: 1rem;
  border: 1px solid var(--ifm-color-emphasis-300);
  border-radius: var(--ifm-global-radius);
  background: var(--ifm-background-surface-color);
  font-size: 0.9375rem;
}

.api-console-console fieldset {
  margin: 0 0 1rem;
  padding: 0;
  border: 0;
  min-width: 0;
}

.api-console-console legend {
  margin-bottom: 0.25rem;
  font-weight: var(--ifm-font-weight-semibold);
}

.api-console-targets label {
  display: block;
  padding: 0.125rem 0;
}

.api-console-field {
  margin-bottom: 0.75rem;
}

.api-console-field > label {
  display: block;
  margin-bottom: 0.25rem;
}

.api-console-type,
.api-console-hint {
  color: var(--ifm-color-emphasis-700);
  font-size: 0.875rem;
}

.api-console-hint {
  margin: 0.25rem 0 0;
}

.api-console-required {
  color: var(--ifm-color-danger-darkest);
  font-size: 0.875rem;
}

html[data-theme='dark'] .api-console-required {
  color: var(--ifm-color-danger-light);
}

.api-console-input {
  display: block;
  width: 100%;
  padding: 0.375rem 0.5rem;
  border: 1px solid var(--ifm-color-emphasis-500);
  border-radius: var(--ifm-global-radius);
  background: var(--ifm-background-color);
  color: var(--ifm-font-color-base);
  font: inherit;
  font-family: var(--ifm-font-family-monospace);
  font-size: 0.875rem;
}

.api-console-input[aria-invalid='true'] {
  border-color: var(--ifm-color-danger);
}

.api-console-body {
  resize: vertical;
  white-space: pre;
  overflow-wrap: normal;
  overflow-x: auto;
}

.api-console-key-row {
  display: flex;
  gap: 0.5rem;
}

.api-console-remember {
  display: block;
  margin-top: 0.375rem;
}

.api-console-violations {
  margin: 0.25rem 0 0;
  padding-left: 1.25rem;
  color: var(--ifm-color-danger-darkest);
  font-size: 0.875rem;
}

html[data-theme='dark'] .api-console-violations,
html[data-theme='dark'] .api-console-failure {
  color: var(--ifm-color-danger-lightest);
}

.api-console-summary:empty,
.api-console-notice:empty {
  display: none;
}

.api-console-summary {
  margin: 0 0 0.75rem;
  font-weight: var(--ifm-font-weight-semibold);
}

.api-console-actions {
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
}

.api-console-notice {
  margin: 0.75rem 0 0;
}

.api-console-failure {
  margin: 0.75rem 0 0;
  color: var(--ifm-color-danger-darkest);
}

.api-console-response {
  margin-top: 1rem;
  padding-top: 1rem;
  border-top: 1px solid var(--ifm-color-emphasis-300);
}

.api-console-status {
  margin: 0 0 0.5rem;
  font-weight: var(--ifm-font-weight-semibold);
}

.api-console-code {
  display: inline-block;
  padding: 0 0.375rem;
  border-radius: var(--ifm-global-radius);
  font-family: var(--ifm-font-family-monospace);
}

.api-console-ok {
  background: var(--ifm-color-success-contrast-background);
  color: var(--ifm-color-success-contrast-foreground);
}

.api-console-refused {
  background: var(--ifm-color-warning-contrast-background);
  color: var(--ifm-color-warning-contrast-foreground);
}

.api-console-broken {
  background: var(--ifm-color-danger-contrast-background);
  color: var(--ifm-color-danger-contrast-foreground);
}

.api-console-refusal ul {
  margin-bottom: 0.5rem;
}

.api-console-headers {
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 0 1rem;
  margin: 0 0 0.5rem;
  font-family: var(--ifm-font-family-monospace);
  font-size: 0.8125rem;
}

.api-console-headers > div {
  display: contents;
}

.api-console-headers dt {
  font-weight: normal;
  color: var(--ifm-color-emphasis-700);
}

.api-console-headers dd {
  margin: 0;
  overflow-wrap: anywhere;
}

.api-console-answer {
  max-height: 24rem;
  margin: 0.5rem 0 0;
  overflow: auto;
  font-size: 0.8125rem;
}

.api-console-dialog {
  max-width: min(32rem, calc(100vw - 2rem));
  padding: 1.25rem;
  border: 1px solid var(--ifm-color-emphasis-300);
  border-radius: var(--ifm-global-radius);
  background: var(--ifm-background-surface-color);
  color: var(--ifm-font-color-base);
}

.api-console-dialog::backdrop {
  background: rgb(0 0 0 / 50%);
}

.api-console-dialog-title {
  font-weight: var(--ifm-font-weight-bold);
}
`;

/** Adds the rules to the document, once. */
export function addStyles(): void {
  if (document.querySelector('style[data-api-console]')) return;
  const element = document.createElement('style');
  element.dataset.apiConsole = '';
  element.textContent = CSS;
  document.head.append(element);
}
