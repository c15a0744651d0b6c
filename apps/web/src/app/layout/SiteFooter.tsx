import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFeaturedCourses } from '../../features/academy/api';
import { useFooterExtras } from '../../features/home/footer-data';
import { useServices } from '../../features/org/api';
import classes from './SiteFooter.module.css';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text className={classes.title} component="h2">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** Three columns (services by id, featured courses, news categories) and the contact lines. */
export function SiteFooter() {
  const { t } = useTranslation();
  const services = useServices().data ?? [];
  const courses = useFeaturedCourses().data ?? [];
  const { categories, contact } = useFooterExtras();

  return (
    <footer className={classes.footer} data-testid="site-footer">
      <div className={classes.inner}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Column title={t('footer.services')}>
            {services.map((service) => (
              <Link key={service.id} className={classes.link} to={`/news?service=${service.id}`}>
                {service.name}
              </Link>
            ))}
          </Column>
          <Column title={t('footer.featuredCourses')}>
            {courses.slice(0, 6).map((course) => (
              <Link key={course.id} className={classes.link} to={`/training-academy/course/${course.id}`}>
                {course.name}
              </Link>
            ))}
          </Column>
          <Column title={t('footer.newsCategories')}>
            {categories.map((category) => (
              <Link
                key={category.id}
                className={classes.link}
                to={services[0] ? `/news?service=${services[0].id}` : '/news'}
                state={{ categoryId: category.id }}
              >
                {category.name}
              </Link>
            ))}
          </Column>
        </SimpleGrid>
        {contact && (
          <Stack gap={4} mt="xl" fz="sm" data-testid="footer-contact">
            {contact.companyLine && <Text fw={600}>{contact.companyLine}</Text>}
            {contact.customerCare && <Text>{t('footer.customerCare', { value: contact.customerCare })}</Text>}
            {contact.addressLabel &&
              (contact.addressMapUrl ? (
                <Anchor href={contact.addressMapUrl} target="_blank" rel="noreferrer" c="gray.3">
                  {contact.addressLabel}
                </Anchor>
              ) : (
                <Text>{contact.addressLabel}</Text>
              ))}
            {contact.mailbox && (
              <Anchor href={`mailto:${contact.mailbox}`} c="gray.3">
                {contact.mailbox}
              </Anchor>
            )}
            {contact.socialLinks.length > 0 && (
              <Group gap="md" mt={4}>
                {contact.socialLinks.map((link) => (
                  <Anchor key={link.network} href={link.url} target="_blank" rel="noreferrer" c="gray.3">
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            )}
          </Stack>
        )}
        <div className={classes.bottom}>{t('footer.copyright', { year: new Date().getFullYear() })}</div>
      </div>
    </footer>
  );
}
