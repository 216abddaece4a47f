/**
 * Words readers bring from other clouds (or spell another way), and the words these docs
 * use for the same thing. Search applies them when it reads a query, not when it indexes
 * pages: the local engine (`src/search/synonyms.ts`) behind the search modal, the /search
 * page and the MCP server's `search_docs`, so every way of searching understands them.
 *
 * One-way, as Algolia's `oneWaySynonym`: a query with `input` also finds pages that say one
 * of `synonyms` instead; pages that say `input` still match as before. Plurals of the input
 * count too (`buckets`). Words are matched whole, lower case, as the tokenizer splits them
 * (`key-pair` is `key pair`).
 */
export interface SearchSynonym {
  input: string;
  synonyms: string[];
}

export const SEARCH_SYNONYMS: SearchSynonym[] = [
  // Compute
  {input: 'instance', synonyms: ['vm', 'virtual machine']},
  {input: 'server', synonyms: ['vm', 'virtual machine']},
  {input: 'vm', synonyms: ['virtual machine']},
  {input: 'virtual machine', synonyms: ['vm']},
  {input: 'instance type', synonyms: ['flavor']},
  {input: 'machine type', synonyms: ['flavor']},
  {input: 'ami', synonyms: ['image']},
  // Storage
  {input: 'bucket', synonyms: ['object storage']},
  {input: 's3', synonyms: ['object storage']},
  {input: 'block storage', synonyms: ['volume']},
  {input: 'ebs', synonyms: ['volume']},
  // Kubernetes
  {input: 'k8s', synonyms: ['kubernetes']},
  {input: 'eks', synonyms: ['kubernetes']},
  {input: 'gke', synonyms: ['kubernetes']},
  // Network
  {input: 'floating ip', synonyms: ['public ip']},
  {input: 'elastic ip', synonyms: ['public ip']},
  {input: 'egress', synonyms: ['outbound']},
  {input: 'security group', synonyms: ['firewall']},
  {input: 'key pair', synonyms: ['keypair', 'ssh key']},
  {input: 'keypair', synonyms: ['key pair', 'ssh key']},
  // Platform
  {input: 'webhook', synonyms: ['callback']},
  {input: 'project', synonyms: ['environment']},
  {input: 'iam', synonyms: ['rbac']},
];
