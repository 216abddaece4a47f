import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {buildSources, POLICY_FILE} from './policy';

export interface SecurityPolicyOptions {
  /** The partner-config API's base when it is forced at build time (else the site's own origin). */
  apiBase: string | null;
  /** DocSearch queries Algolia (an account is configured). */
  algolia: boolean;
  /** A Google Tag Manager container is configured. */
  tagManager: boolean;
}

/** Writes the origins this build's settings call on (policy.ts), for the server's Content-Security-Policy. */
export default function securityPolicyPlugin(_context: unknown, options: unknown): Plugin {
  const settings = options as SecurityPolicyOptions;
  return {
    name: 'security-policy',
    async postBuild({outDir}) {
      await writeFile(path.join(outDir, POLICY_FILE), `${JSON.stringify(buildSources(settings), null, 2)}\n`, 'utf8');
    },
  };
}
