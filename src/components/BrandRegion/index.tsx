/**
 * A part of the page that is wholly the brand's (the navbar's brand links, the footer's
 * links and copyright): the default brand's in the build's HTML, a partner's items in the
 * browser. On a partner's host the server sends it empty (server/body.ts looks for
 * `data-brand-region`), so the HTML holds nothing of the default brand; React therefore
 * adopts it as it finds it while hydrating (one empty element, its content left alone) and
 * renders the brand's items into it once the app runs. Where the HTML holds the default
 * brand's items (the default host, a CDN), React hydrates them as it does the rest of the
 * page, which renders the default brand until hydration ends: the items are neither
 * rendered again nor replaced in the document once the app runs. Laid out as if the
 * wrapper were not there (display: contents).
 */
import {useState, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHydratingServerHtml} from '@site/src/theme/hydration';

/** Whether the server sent the region `name` empty (or not at all), as hydration finds it. */
function serverSentEmpty(name: string): boolean {
  const region = document.querySelector(`[data-brand-region="${name}"]`);
  return !region || !region.hasChildNodes();
}

export default function BrandRegion({name, children}: {name: string; children: ReactNode}): ReactNode {
  const hydrating = useHydratingServerHtml();
  const hydrated = useIsBrowser();
  // Read once, by the render that hydrates: later renders find the region as React left it.
  const [adoptEmpty] = useState(() => hydrating && serverSentEmpty(name));
  if (adoptEmpty && !hydrated) {
    return <div className="brand-region" data-brand-region={name} suppressHydrationWarning dangerouslySetInnerHTML={{__html: ''}} />;
  }
  return (
    <div className="brand-region" data-brand-region={name}>
      {children}
    </div>
  );
}
