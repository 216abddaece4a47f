import type {ReactNode} from 'react';
import {useBrand} from '@site/src/branding/BrandProvider';
import {consoleUrl} from './consoleUrl';

interface Props {
  /** Path inside the console, starting with '/'. */
  path?: string;
  children: ReactNode;
}

/** A link into the console of the reader's brand: `<ConsoleLink path="/virtual-machines">…</ConsoleLink>`. */
export default function ConsoleLink({path = '/', children}: Props): ReactNode {
  const brand = useBrand();
  return (
    <a href={consoleUrl(brand.consoleUrl, path)} target="_blank" rel="noopener noreferrer" data-console-path={path}>
      {children}
    </a>
  );
}
