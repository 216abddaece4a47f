/**
 * The sections of the documentation, in sidebar order, as the home page lists them.
 * `to` is the section's landing page; sections whose pages are still being written
 * point at their summary in the introduction.
 */
export interface DocSection {
  title: string;
  summary: string;
  to: string;
}

const inIntro = (anchor: string) => `/docs/intro#${anchor}`;

export const docSections: readonly DocSection[] = [
  {title: 'AI Studio', summary: 'Serve, fine-tune and evaluate models without managing machines.', to: inIntro('ai-studio')},
  {title: 'API reference', summary: 'Every endpoint, parameter and response of the REST API.', to: '/docs/api-reference'},
  {title: 'Billing', summary: 'Credit, contracts, the pricebook and what each VM state costs.', to: inIntro('billing')},
  {title: 'Hardware', summary: 'GPU flavors, drivers, stock and confidential computing.', to: inIntro('hardware')},
  {title: 'Kubernetes', summary: 'Managed clusters with GPU node groups, ingress and LLM serving.', to: inIntro('kubernetes')},
  {title: 'Libraries', summary: 'Python, Go, JavaScript and Terraform clients, and AI images.', to: inIntro('libraries')},
  {title: 'Network', summary: 'SSH, public IPs, firewalls, bastions and high-speed networking.', to: inIntro('network')},
  {title: 'Release notes', summary: 'What changed on the platform, year by year.', to: inIntro('release-notes')},
  {title: 'Resource management', summary: 'Organizations, environments, regions, callbacks and the dashboard.', to: inIntro('resource-management')},
  {title: 'Storage', summary: 'Volumes, local NVMe, ephemeral disks, shared file and object storage.', to: inIntro('storage')},
  {title: 'Support', summary: 'How to reach support and request features.', to: inIntro('support')},
  {title: 'Tutorials', summary: 'End-to-end walkthroughs: Docker, Jupyter, chatbots and more.', to: inIntro('tutorials')},
  {title: 'Virtual machines', summary: 'Create, resize, snapshot, hibernate and monitor GPU VMs.', to: inIntro('virtual-machines')},
];
