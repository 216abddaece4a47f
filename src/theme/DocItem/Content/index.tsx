import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useLocation} from '@docusaurus/router';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import PageMenu from '@site/src/components/PageMenu';

type Props = WrapperProps<typeof ContentType>;

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
      <Content {...props} />
    </>
  );
}
