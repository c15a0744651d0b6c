import type { SocialNetwork, TFooterContact } from '@academy/contract';
import { useNewsCategories } from '../news';
import { useHomePage } from './api';

/**
 * What the footer shows besides services and featured courses: news categories and the
 * company's contact lines, both managed with the home page. Blank lines are left out.
 */
export interface FooterContact {
  companyLine: string;
  customerCare: string;
  addressLabel: string;
  addressMapUrl: string;
  mailbox: string;
  socialLinks: { network: SocialNetwork; label: string; url: string }[];
}

export interface FooterExtras {
  categories: { id: number; name: string }[];
  contact: FooterContact | undefined;
}

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};

/** The footer's contact lines from the home settings; undefined when none is filled in. */
export function toFooterContact(contact: TFooterContact | undefined): FooterContact | undefined {
  if (!contact) return undefined;
  const socialLinks = (Object.keys(SOCIAL_LABELS) as SocialNetwork[]).flatMap((network) => {
    const url = contact.social[network];
    return url ? [{ network, label: SOCIAL_LABELS[network], url }] : [];
  });
  const footer: FooterContact = {
    companyLine: contact.companyLine ?? '',
    customerCare: contact.customerCare ?? '',
    addressLabel: contact.address ?? contact.addressMapUrl ?? '',
    addressMapUrl: contact.addressMapUrl ?? '',
    mailbox: contact.mailbox ?? '',
    socialLinks,
  };
  const empty =
    !footer.companyLine &&
    !footer.customerCare &&
    !footer.addressLabel &&
    !footer.mailbox &&
    !socialLinks.length;
  return empty ? undefined : footer;
}

export function useFooterExtras(): FooterExtras {
  const categories = useNewsCategories().data ?? [];
  const contact = toFooterContact(useHomePage().data?.contact);
  return { categories, contact };
}
