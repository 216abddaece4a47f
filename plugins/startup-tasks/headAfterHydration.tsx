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
 */
import {useEffect, useState, type ComponentType, type ReactNode} from 'react';

interface HelmetParts {
  HelmetProvider: unknown;
  Helmet: ComponentType;
}

export function headAfterHydration({HelmetProvider, Helmet}: HelmetParts): ComponentType {
  const provider = HelmetProvider as {canUseDOM?: unknown};
  if (provider.canUseDOM !== true) throw new Error('react-helmet-async no longer has the canUseDOM switch this start-up relies on');
  provider.canUseDOM = false;
  return function HeadAfterHydration(): ReactNode {
    const [hydrated, setHydrated] = useState(false);
    useEffect(() => {
      provider.canUseDOM = true;
      setHydrated(true);
    }, []);
    return hydrated ? <Helmet /> : null;
  };
}
