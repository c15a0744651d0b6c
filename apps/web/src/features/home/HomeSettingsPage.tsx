import type { TFooterContactInput } from '@academy/contract';
import { Alert, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { PageHeader, ResultDialog, useResult } from '../../components/management';
import { useHomePage } from './api';

import { BannersSection } from './BannersSection';
import { ContactSection } from './ContactSection';
import { PopupSection } from './PopupSection';

/** /management/home: banners (1 to 5, reorderable), the welcome popup and the footer contact. */
export function HomeSettingsPage() {
  const { t } = useTranslation();
  const home = useHomePage();
  const result = useResult();
  const page = home.data;

  const contactValues = page?.contact;
  const contact = useMemo<TFooterContactInput | null>(
    () =>
      contactValues
        ? {
            companyLine: contactValues.companyLine ?? '',
            customerCare: contactValues.customerCare ?? '',
            address: contactValues.address ?? '',
            addressMapUrl: contactValues.addressMapUrl ?? '',
            mailbox: contactValues.mailbox ?? '',
            social: {
              facebook: contactValues.social.facebook ?? '',
              youtube: contactValues.social.youtube ?? '',
              linkedin: contactValues.social.linkedin ?? '',
              instagram: contactValues.social.instagram ?? '',
              tiktok: contactValues.social.tiktok ?? '',
            },
          }
        : null,
    [contactValues],
  );

  if (home.error) return <Alert color="red">{home.error.message}</Alert>;
  if (!page || !contact) {
    return <Loading />;
  }

  return (
    <>
      <PageHeader title={t('management.areas.home')} />
      <Stack gap="lg">
        <BannersSection banners={page.banners} result={result} />
        <PopupSection popup={page.popup} result={result} />
        <ContactSection contact={contact} result={result} />
      </Stack>
      <ResultDialog state={result} />
    </>
  );
}

export default HomeSettingsPage;
