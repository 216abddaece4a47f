import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import Translate, {translate} from '@docusaurus/Translate';
import Brand from '@site/src/components/Brand';
import {docSections} from '@site/src/data/sections';
import styles from './index.module.css';

function Hero(): ReactNode {
  return (
    <div className={styles.hero}>
      <div className="container">
        <Heading as="h1" className={styles.title}>
          <Brand /> <Translate id="home.hero.title">documentation</Translate>
        </Heading>
        <p className={styles.lead}>
          <Translate id="home.hero.lead">
            GPU virtual machines by the minute, persistent volumes and object storage, managed Kubernetes and an AI
            studio, with the API and client libraries to automate all of it.
          </Translate>
        </p>
        <div className={styles.actions}>
          <Link className="button button--primary button--lg" to="/docs/getting-started">
            <Translate id="home.hero.start">Launch your first GPU VM</Translate>
          </Link>
          <Link className="button button--secondary button--lg" to="/docs/api-reference">
            <Translate id="home.hero.api">API reference</Translate>
          </Link>
        </div>
        <form className={`${styles.search} brand-search`} action="/search" method="get" role="search">
          <label htmlFor="home-search" className={styles.visuallyHidden}>
            <Translate id="home.search.label">Search the documentation</Translate>
          </label>
          <input
            id="home-search"
            className={styles.searchInput}
            type="search"
            name="q"
            maxLength={64}
            autoComplete="off"
            placeholder={translate({id: 'home.search.placeholder', message: 'Search docs'})}
          />
          <button className="button button--primary" type="submit">
            <Translate id="home.search.submit">Search</Translate>
          </button>
        </form>
      </div>
    </div>
  );
}

function Sections(): ReactNode {
  return (
    <section className={styles.sections} aria-labelledby="home-sections">
      <div className="container">
        <Heading as="h2" id="home-sections">
          <Translate id="home.sections.title">Browse by topic</Translate>
        </Heading>
        <ul className={styles.grid}>
          {docSections.map((section) => (
            <li key={section.title}>
              <Link className={styles.card} to={section.to}>
                <span className={styles.cardTitle}>{section.title}</span>
                <span className={styles.cardText}>{section.summary}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export default function Home(): ReactNode {
  return (
    <Layout
      title={translate({id: 'home.meta.title', message: 'Documentation'})}
      description={translate({
        id: 'home.meta.description',
        message: 'Guides, tutorials and the API reference for GPU virtual machines, storage, Kubernetes and the AI studio.',
      })}>
      <main>
        <Hero />
        <Sections />
      </main>
    </Layout>
  );
}
