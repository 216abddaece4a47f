import type {PartnerLink} from '../../branding/schema';

/** A header link that points at a feature-request or feedback site, by its label. */
const FEEDBACK_LABEL = /feature|feedback|idea|roadmap|suggest/i;

/** The brand's feature-request link from its header links, or null when it has none. */
export function featureRequestUrl(headerItems: readonly PartnerLink[]): string | null {
  return headerItems.find((item) => FEEDBACK_LABEL.test(item.label))?.url ?? null;
}
