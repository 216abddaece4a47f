// Ejected (safe to eject per Docusaurus): the stock text blames "the owner of the
// site that linked you"; ours points readers at the ways back into the docs.
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            <Translate id="theme.NotFound.title" description="The title of the 404 page">
              Page Not Found
            </Translate>
          </Heading>
          <p>
            <Translate id="notFound.explanation">
              No page lives at this address. It may have moved when the docs were reorganised, or the link has a typo.
            </Translate>
          </p>
          <ul>
            <li>
              <Link to="/docs/intro">
                <Translate id="notFound.intro">Start from the introduction</Translate>
              </Link>
            </li>
            <li>
              <Link to="/docs/api-reference">
                <Translate id="notFound.api">Browse the API reference</Translate>
              </Link>
            </li>
            <li>
              <Link to="/">
                <Translate id="notFound.home">Go to the documentation home page</Translate>
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </main>
  );
}
