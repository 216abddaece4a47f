import {lazy, Suspense, useCallback, useRef, useState, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

// The menu's code loads when a reader reaches for the button, not with the page.
const loadMenu = () => import('./Menu');
const Menu = lazy(loadMenu);

/**
 * The page menu by a doc's title: copy the page as Markdown, view its Markdown twin, or
 * open it in an assistant, for the page at `route`. Only the button is part of the page's
 * first load.
 * `data-page-menu` says whether the menu is `closed` or `open`.
 */
export default function PageMenu({route}: {route: string}): ReactNode {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  return (
    <div className={styles.pageMenu} data-page-menu={open ? 'open' : 'closed'}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? 'page-menu' : undefined}
        onPointerEnter={loadMenu}
        onFocus={loadMenu}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}>
        {translate({id: 'pageMenu.button', message: 'Page options', description: 'The button that opens the page menu'})}
        <span aria-hidden="true" className={styles.caret}>
          ▾
        </span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <Menu id="page-menu" route={route} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
