/**
 * The sections of the documentation, in the spec's order, which is also the sidebar's
 * and the home page's. `to` is the section's landing page; sections whose pages are
 * still being written point at their summary in the introduction.
 */
export interface DocSection {
  /** Folder under docs/ and first URL segment after /docs. */
  slug: string;
  /** Sidebar label, also the `label` of the folder's `_category_.json`. */
  title: string;
  summary: string;
  to: string;
}

export const docSections: readonly DocSection[] = [
  {slug: 'ai-studio', title: 'AI Studio', summary: 'Serve, fine-tune and evaluate models without managing machines.', to: '/docs/ai-studio'},
  {slug: 'api-reference', title: 'API reference', summary: 'Every endpoint, parameter and response of the REST API.', to: '/docs/api-reference'},
  {slug: 'billing', title: 'Billing', summary: 'Credit, contracts, the pricebook and what each VM state costs.', to: '/docs/billing/states-and-billing'},
  {slug: 'hardware', title: 'Hardware', summary: 'GPU flavors, drivers, stock and confidential computing.', to: '/docs/hardware/flavors'},
  {slug: 'kubernetes', title: 'Kubernetes', summary: 'Managed clusters with GPU node groups, ingress and LLM serving.', to: '/docs/kubernetes/kubernetes-guide'},
  {slug: 'libraries', title: 'Libraries', summary: 'Python, Go, JavaScript and Terraform clients, and AI images.', to: '/docs/libraries/python'},
  {slug: 'network', title: 'Network', summary: 'SSH, public IPs, firewalls, bastions and high-speed networking.', to: '/docs/network/network-types'},
  {slug: 'release-notes', title: 'Release notes', summary: 'What changed on the platform, year by year.', to: '/docs/release-notes/2026'},
  {slug: 'resource-management', title: 'Resource management', summary: 'Organizations, environments, regions, callbacks and the dashboard.', to: '/docs/resource-management/organization'},
  {slug: 'storage', title: 'Storage', summary: 'Volumes, local NVMe, ephemeral disks, shared file and object storage.', to: '/docs/storage/ephemeral'},
  {slug: 'support', title: 'Support', summary: 'How to reach support, request features, and connect your AI assistant to these docs.', to: '/docs/support/getting-help'},
  {slug: 'tutorials', title: 'Tutorials', summary: 'End-to-end walkthroughs: Docker, Jupyter, chatbots and more.', to: '/docs/tutorials/docker-support'},
  {slug: 'virtual-machines', title: 'Virtual machines', summary: 'Create, resize, snapshot, hibernate and monitor GPU VMs.', to: '/docs/virtual-machines/manage-vm-state'},
];

/**
 * The `position` a section's `_category_.json` must carry: 10, 20, 30… in spec order,
 * after the top-level pages (intro, getting started, FAQ at 1 to 3).
 */
export function sectionPosition(slug: string): number {
  const index = docSections.findIndex((section) => section.slug === slug);
  if (index < 0) throw new Error(`Unknown docs section "${slug}"; known: ${docSections.map((s) => s.slug).join(', ')}`);
  return (index + 1) * 10;
}
