/**
 * The document head, written once the first page has hydrated instead of while it does.
 *
 * The server-rendered head is already the page's own. While React hydrates, though,
 * react-helmet-async writes it again at every animation frame that falls between two of
 * hydration's slices, each time from the <Head> elements hydrated so far: on a slow phone
 * an API page's head was rebuilt twice, the second time after a frame that showed the
 * site's default title in `og:title` and no description, and each write creates every tag
 * anew to compare it with the document's (about a tenth of the page's script time at 4x).
 *
 * So, before hydration, the provider is told there is no document (`canUseDOM`, the switch
 * it reads on each change): its <Head> elements gather their state as they do on the
 * server, and write nothing. The component returned here, rendered beside the app, turns
 * the switch back once the hydrated tree has committed, and mounts one empty <Helmet>,
 * whose change writes the head from every <Head> at once: one write, which finds the
 * server's tags in place. After that the provider works as it always does, for every
 * navigation in the app.
 *
 * Told there is no document, each <Head> that mounts still merges the props of every
 * <Head> mounted before it into the server's head strings, which nothing in the browser
 * reads: a cost that grows with the square of their number (an API page has 17). The
 * provider returned here lists no <Head> to those merges until the page has hydrated; the
 * write after hydration sees them all.
 */
import {useEffect, useState, type ComponentType, type ReactNode} from 'react';

interface HelmetParts {
  HelmetProvider: unknown;
  Helmet: ComponentType;
}

/** The provider's registry of mounted <Head> elements (react-helmet-async 1.x and 2.x). */
interface HeadRegistry {
  get: () => unknown[];
}

export interface HeadAfterHydrationParts {
  /** The app's HelmetProvider, to render in its place. */
  Provider: ComponentType<{children: ReactNode}>;
  /** Rendered beside the app: writes the head once the page has hydrated. */
  HeadAfterHydration: ComponentType;
}

export function headAfterHydration({HelmetProvider, Helmet}: HelmetParts): HeadAfterHydrationParts {
  const provider = HelmetProvider as {canUseDOM?: unknown} & (new (props: {children: ReactNode}) => object);
  if (provider.canUseDOM !== true) throw new Error('react-helmet-async no longer has the canUseDOM switch this start-up relies on');
  provider.canUseDOM = false;
  class Provider extends provider {
    constructor(props: {children: ReactNode}) {
      super(props);
      const registry = (this as {helmetData?: {value?: {helmetInstances?: HeadRegistry}}}).helmetData?.value?.helmetInstances;
      if (typeof registry?.get !== 'function') throw new Error('react-helmet-async no longer keeps its <Head> registry where this start-up looks for it');
      const all = registry.get;
      // The switch is back on once the page has hydrated (below).
      registry.get = () => (provider.canUseDOM === true ? all() : []);
    }
  }
  function HeadAfterHydration(): ReactNode {
    const [written, setWritten] = useState(false);
    useEffect(() => {
      provider.canUseDOM = true;
      setWritten(true);
    }, []);
    return written ? <Helmet /> : null;
  }
  return {Provider: Provider as unknown as ComponentType<{children: ReactNode}>, HeadAfterHydration};
}
