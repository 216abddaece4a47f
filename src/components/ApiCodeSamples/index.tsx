/**
 * The language tabs of an API operation's code samples.
 *
 * Not the theme's <Tabs>: that one remounts its whole subtree right after hydration,
 * which throws away the server-highlighted code blocks and has Prism tokenise every
 * sample again in one long task. Here the panels are rendered once, all of them (the
 * unpicked ones `hidden`, so no-JS readers and crawlers get every language), and picking
 * a language only toggles `hidden`. A page whose body is kept as server HTML (see
 * src/theme/DocItem/Content) has its tab sets switched by `enhanceSampleTabs`, on the same
 * remembered language.
 */
import {Children, isValidElement, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactElement, type ReactNode} from 'react';
import clsx from 'clsx';
import {useScrollPositionBlocker} from '@docusaurus/theme-common/internal';
import styles from './styles.module.css';

const STORAGE_KEY = 'api-sample-language';

// The reader's language, shared by every tab set so they switch together; kept in
// memory too, so that they stay in sync when storage is unavailable.
let language: string | null | undefined;
const listeners = new Set<() => void>();

function storedLanguage(): string | null {
  if (language === undefined) {
    try {
      language = window.localStorage.getItem(STORAGE_KEY);
    } catch {
      language = null;
    }
  }
  return language;
}

function pickLanguage(value: string): void {
  language = value;
  try {
    window.localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Private mode or storage disabled: the choice lasts until the page is reloaded.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The server (and hydration) always shows the first language; a remembered one is
// applied by the re-render React runs right after hydration, which only flips attributes.
const serverLanguage = (): null => null;

/** The index a key moves to from `index` in a tab list of `count`, or undefined for other keys. */
function stepTo(key: string, index: number, count: number): number | undefined {
  const last = count - 1;
  const steps: Record<string, number> = {ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last};
  return steps[key];
}

/**
 * Shows `value`'s panel in one server-rendered tab set (the first language when it has none).
 * Writes only what differs: on a page load without a remembered language every set already
 * shows its first panel, and rewriting the same attributes on each tab and panel still had
 * the browser check their style again.
 */
function showLanguage(set: Element, value: string | null): void {
  const tabs = Array.from(set.querySelectorAll<HTMLElement>(':scope > [role="tablist"] > [role="tab"]'));
  const picked = tabs.some((tab) => tab.dataset.value === value) ? value : (tabs[0]?.dataset.value ?? null);
  for (const tab of tabs) {
    const isSelected = tab.dataset.value === picked;
    if (tab.getAttribute('aria-selected') !== String(isSelected)) tab.setAttribute('aria-selected', String(isSelected));
    if (tab.tabIndex !== (isSelected ? 0 : -1)) tab.tabIndex = isSelected ? 0 : -1;
    // A forced toggle that changes nothing writes nothing.
    tab.classList.toggle('tabs__item--active', isSelected);
  }
  set.querySelectorAll<HTMLElement>(':scope > [role="tabpanel"]').forEach((panel) => {
    const hidden = panel.dataset.value !== picked;
    if (panel.hidden !== hidden) panel.hidden = hidden;
  });
}

/**
 * Makes the tab sets inside `root`, server HTML that React does not manage, switch like
 * the component's: click and arrow/Home/End keys, the language shared with every other
 * tab set and remembered. Returns the clean-up.
 */
export function enhanceSampleTabs(root: HTMLElement): () => void {
  const sets = () => root.querySelectorAll('.api-code-samples');
  const applyAll = () => sets().forEach((set) => showLanguage(set, storedLanguage()));
  applyAll();
  const unsubscribe = subscribe(applyAll);
  const select = (tab: HTMLElement) => {
    tab.focus();
    if (tab.getAttribute('aria-selected') === 'true' || !tab.dataset.value) return;
    // A response example's status is this set's alone; a language is every set's.
    const set = tab.closest('.api-response-examples');
    if (set) {
      showLanguage(set, tab.dataset.value);
      return;
    }
    // Tab sets above this one change height too; keep this one where the reader is.
    const before = tab.getBoundingClientRect().top;
    pickLanguage(tab.dataset.value);
    window.scrollBy(0, tab.getBoundingClientRect().top - before);
  };
  const tabOf = (event: Event) => {
    const tab = event.target instanceof Element ? event.target.closest<HTMLElement>(':is(.api-code-samples, .api-response-examples) > [role="tablist"] > [role="tab"]') : null;
    return tab && root.contains(tab) ? tab : null;
  };
  const onClick = (event: MouseEvent) => {
    const tab = tabOf(event);
    if (tab) select(tab);
  };
  const onKeyDown = (event: globalThis.KeyboardEvent) => {
    const tab = tabOf(event);
    if (!tab) return;
    const tabs = Array.from(tab.parentElement!.querySelectorAll<HTMLElement>(':scope > [role="tab"]'));
    const next = stepTo(event.key, tabs.indexOf(tab), tabs.length);
    if (next === undefined) return;
    event.preventDefault();
    select(tabs[next]!);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKeyDown);
  return () => {
    unsubscribe();
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKeyDown);
  };
}

interface SampleProps {
  /** Stable id of the language, stored as the reader's choice. */
  value: string;
  label: string;
  children?: ReactNode;
}

/** One language's panel content; ApiCodeSamples reads its props and wraps it. */
export function ApiCodeSample({children}: SampleProps): ReactNode {
  return <>{children}</>;
}

interface TabSetProps {
  className: string;
  label: string;
  samples: ReactElement<SampleProps>[];
  selected: string | undefined;
  onPick: (value: string, tab: HTMLButtonElement | null) => void;
}

/** Tabs over panels, every panel rendered (the unpicked ones `hidden`), arrow keys moving between tabs. */
function TabSet({className, label, samples, selected, onPick}: TabSetProps): ReactNode {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number) => {
    const tab = tabs.current[index] ?? null;
    tab?.focus();
    const value = samples[index]!.props.value;
    if (value !== selected) onPick(value, tab);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = stepTo(event.key, index, samples.length);
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className={clsx(className, styles.samples)}>
      <div role="tablist" aria-label={label} className={clsx('tabs', styles.tabs)}>
        {samples.map((sample, index) => {
          const isSelected = sample.props.value === selected;
          return (
            <button
              key={sample.props.value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${sample.props.value}`}
              data-value={sample.props.value}
              data-early-click=""
              aria-controls={`${id}-panel-${sample.props.value}`}
              aria-selected={isSelected}
              tabIndex={isSelected ? 0 : -1}
              className={clsx('tabs__item', styles.tab, isSelected && 'tabs__item--active')}
              onClick={() => select(index)}
              onKeyDown={(event) => onKeyDown(event, index)}>
              {sample.props.label}
            </button>
          );
        })}
      </div>
      {samples.map((sample) => (
        <div
          key={sample.props.value}
          role="tabpanel"
          id={`${id}-panel-${sample.props.value}`}
          data-value={sample.props.value}
          aria-labelledby={`${id}-tab-${sample.props.value}`}
          hidden={sample.props.value !== selected}
          className={styles.panel}>
          {sample}
        </div>
      ))}
    </div>
  );
}

const panelsOf = (children: ReactNode) =>
  Children.toArray(children).filter((child): child is ReactElement<SampleProps> => isValidElement<SampleProps>(child) && typeof child.props.value === 'string');

export default function ApiCodeSamples({children}: {children?: ReactNode}): ReactNode {
  const samples = panelsOf(children);
  const stored = useSyncExternalStore(subscribe, storedLanguage, serverLanguage);
  const selected = samples.some((s) => s.props.value === stored) ? stored! : samples[0]?.props.value;
  const {blockElementScrollPositionUntilNextRender} = useScrollPositionBlocker();
  const onPick = (value: string, tab: HTMLButtonElement | null) => {
    // Other tab sets above this one change height too; keep this one where the reader is.
    if (tab) blockElementScrollPositionUntilNextRender(tab);
    pickLanguage(value);
  };
  return <TabSet className="api-code-samples" label="Code samples" samples={samples} selected={selected} onPick={onPick} />;
}

/**
 * The response examples of an operation, one tab per documented status, beside the
 * request on wide screens (src/css/custom.css). The status picked is this set's own.
 */
export function ApiResponseExamples({children}: {children?: ReactNode}): ReactNode {
  const samples = panelsOf(children);
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const selected = samples.some((s) => s.props.value === picked) ? picked : samples[0]?.props.value;
  return <TabSet className="api-response-examples" label="Response examples" samples={samples} selected={selected} onPick={(value) => setPicked(value)} />;
}
