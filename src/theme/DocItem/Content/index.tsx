import {useEffect, useState, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {translate} from '@docusaurus/Translate';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useLocation} from '@docusaurus/router';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import PageMenu from '@site/src/components/PageMenu';
import {useHydratingServerHtml} from '@site/src/theme/hydration';
import ContentIsland, {canKeepServerBody, whenIdle} from './Island';
import {watchScrollableTables} from './scrollableTables';

type Props = WrapperProps<typeof ContentType>;

/** The page body: kept as server HTML on the page the reader loaded (see ./Island), rendered otherwise. */
function Body(props: Props): ReactNode {
  const hydrating = useHydratingServerHtml();
  // Decided once, by the first render: only hydration has server HTML to keep.
  const [keepServerHtml] = useState(() => hydrating && canKeepServerBody());
  return keepServerHtml ? <ContentIsland /> : <Content {...props} />;
}

/** The name of a wide table that has no caption, from its first column headers. */
function tableLabel(headers: string): string {
  return translate(
    {id: 'docs.scrollableTable.label', message: 'Table: {headers}', description: 'The accessible name of a wide, scrollable table without a caption'},
    {headers},
  );
}

/** Wide tables of the shown body get keyboard access, on idle so start-up does not wait for it. */
function useScrollableTables(route: string): void {
  useEffect(() => {
    let stop = () => {};
    const cancelIdle = whenIdle(() => {
      const body = document.querySelector(`.${ThemeClassNames.docs.docMarkdown}`);
      if (body) stop = watchScrollableTables(body, tableLabel);
    });
    return () => {
      cancelIdle();
      stop();
    };
  }, [route]);
}

/**
 * Every doc and API page gets the page menu (copy, Markdown, assistants) by its title, and
 * names its Markdown twin (written by plugins/markdown-twins at `route.md`) in its <head>.
 */
export default function ContentWrapper(props: Props): ReactNode {
  const route = useLocation().pathname.replace(/\/+$/, '') || '/';
  useScrollableTables(route);
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
