import type {ReactNode} from 'react';
import {DEFAULT_BRAND} from '@site/src/branding/defaults';
import {consoleUrl} from './consoleUrl';

interface Props {
  /** Path inside the console, starting with '/'. */
  path?: string;
  children: ReactNode;
}

/** A link into the web console, e.g. `<ConsoleLink path="/virtual-machines">Virtual machines</ConsoleLink>`. */
export default function ConsoleLink({path = '/', children}: Props): ReactNode {
  return (
    <a href={consoleUrl(DEFAULT_BRAND.consoleUrl, path)} target="_blank" rel="noopener noreferrer" data-console-path={path}>
      {children}
    </a>
  );
}
