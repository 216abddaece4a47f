import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import Paginator from '@theme-original/DocItem/Paginator';
import type PaginatorType from '@theme/DocItem/Paginator';
import type {WrapperProps} from '@docusaurus/types';
import PageFeedback from '@site/src/components/PageFeedback';

type Props = WrapperProps<typeof PaginatorType>;

/**
 * Every doc and API page asks "Was this page helpful?" after its body, before the links to
 * the previous and next pages: outside the article, so the question is neither part of the
 * page's search records nor of its Markdown twin.
 */
export default function PaginatorWrapper(props: Props): ReactNode {
  const route = useLocation().pathname.replace(/\/+$/, '') || '/';
  return (
    <>
      <PageFeedback key={route} route={route} />
      <Paginator {...props} />
    </>
  );
}
