import {useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useLocation} from '@docusaurus/router';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import PageMenu from '@site/src/components/PageMenu';
import {useHydratingServerHtml} from '@site/src/theme/hydration';
import ContentIsland, {canKeepServerBody} from './Island';

type Props = WrapperProps<typeof ContentType>;

/** The page body: kept as server HTML on the page the reader loaded (see ./Island), rendered otherwise. */
function Body(props: Props): ReactNode {
  const hydrating = useHydratingServerHtml();
  // Decided once, by the first render: only hydration has server HTML to keep.
  const [keepServerHtml] = useState(() => hydrating && canKeepServerBody());
  return keepServerHtml ? <ContentIsland /> : <Content {...props} />;
}

/**
 * Every doc and API page gets the page menu (copy, Markdown, assistants) by its title, and
 * names its Markdown twin (written by plugins/markdown-twins at `route.md`) in its <head>.
 */
export default function ContentWrapper(props: Props): ReactNode {
  const route = useLocation().pathname.replace(/\/+$/, '') || '/';
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={`${route}.md`} />
      </Head>
      <PageMenu route={route} />
      {/* A new body for every page: the one kept from the server is never shown for another. */}
      <Body key={route} {...props} />
    </>
  );
}
