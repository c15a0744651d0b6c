import {
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowRight, IconExternalLink } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CourseCard, useFeaturedCourses } from '../academy';
import { NewsCard, useOutstandingNews } from '../news';
import { useServices } from '../org';
import { useHomePage } from './api';
import { BannerCarousel } from './BannerCarousel';
import { seenThisVisit } from './popup-seen';

// The popup (a modal) loads only when it is to be shown: most visits never see it (issue 21).
const WelcomePopup = lazy(() => import('./WelcomePopup'));

function Hero() {
  const { t } = useTranslation();
  return (
    <Box bg="brand.9" c="white" py={{ base: 40, md: 72 }} px="md">
      <Container size="xl">
        <Title order={1} fz={{ base: 30, md: 48 }} maw={720}>
          {t('home.heroTitle')}
        </Title>
        <Text fz={{ base: 'md', md: 'lg' }} mt="md" maw={640} c="gray.3">
          {t('home.heroText')}
        </Text>
      </Container>
    </Box>
  );
}

function SectionTitle({ title, more }: { title: string; more?: { to: string; label: string } }) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg">
      <Title order={2} c="var(--academy-ink)">
        {title}
      </Title>
      {more && (
        <Anchor component={Link} to={more.to} c="var(--academy-accent-text)" fw={600} fz="sm">
          <Group gap={4}>
            {more.label}
            <IconArrowRight size={16} aria-hidden />
          </Group>
        </Anchor>
      )}
    </Group>
  );
}

/** The banner's room while the home page loads (the carousel's 8:3 shape), so nothing moves when it comes. */
function BannerPlaceholder() {
  return <Box bg="brand.9" style={{ aspectRatio: '8 / 3', maxHeight: 560 }} aria-hidden />;
}

/**
 * A section's room while its cards load: a title line and its cards. Every card has its room at
 * every width (on a phone they stand one under the other), so the next section is not pulled up
 * into view and pushed out again when the cards arrive.
 */
function CardsPlaceholder({ count, height }: { count: number; height: number }) {
  return (
    <Stack gap="lg" aria-hidden>
      <Skeleton h={34} w={260} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: count }} spacing="lg">
        {Array.from({ length: count }, (_, i) => `card-${i}`).map((key) => (
          <Skeleton key={key} h={height} radius="lg" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** `/`: banners, the welcome popup, featured courses, outstanding news and our services. */
export function HomePage() {
  const { t } = useTranslation();
  const home = useHomePage().data;
  const featured = useFeaturedCourses();
  const outstanding = useOutstandingNews();
  const courses = featured.data ?? [];
  const news = outstanding.data ?? [];
  const services = useServices().data ?? [];
  const shownServices = services.filter((service) => service.showOnHome);
  const firstService = services[0];

  return (
    <>
      <VisuallyHidden component="h1">{t('home.pageTitle')}</VisuallyHidden>
      {home && home.banners.length > 0 ? (
        <BannerCarousel banners={home.banners} />
      ) : home ? (
        <Hero />
      ) : (
        <BannerPlaceholder />
      )}
      {home?.popup.enabled && home.popup.image && !seenThisVisit() && (
        <Suspense fallback={null}>
          <WelcomePopup image={home.popup.image} />
        </Suspense>
      )}

      <Container size="xl" py="xl">
        <Stack gap={56}>
          {featured.isPending && <CardsPlaceholder count={4} height={300} />}
          {courses.length > 0 && (
            <section>
              <SectionTitle
                title={t('home.featuredCourses')}
                more={{ to: '/training-academy', label: t('home.startLearning') }}
              />
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
                {courses.map((course) => (
                  <CourseCard key={course.id} course={course} />
                ))}
              </SimpleGrid>
            </section>
          )}

          {outstanding.isPending && <CardsPlaceholder count={3} height={340} />}
          {news.length > 0 && (
            <section data-testid="outstanding-news">
              <SectionTitle
                title={t('home.outstandingNews')}
                more={{
                  to: firstService ? `/news?service=${firstService.id}` : '/news',
                  label: t('home.allNews'),
                }}
              />
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                {news.map((item) => (
                  <NewsCard key={item.id} news={item} />
                ))}
              </SimpleGrid>
            </section>
          )}

          {shownServices.length > 0 && (
            <section data-testid="home-services">
              <SectionTitle title={t('home.ourServices')} />
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
                {shownServices.map((service) => (
                  <Card key={service.id} withBorder radius="lg" padding="lg" shadow="xs">
                    <Stack gap="sm" align="flex-start">
                      {service.image ? (
                        <Image src={service.image} alt="" h={64} w="auto" fit="contain" loading="lazy" />
                      ) : (
                        <Text fz={28} fw={800} c="var(--academy-ink)" lh={1}>
                          {service.name}
                        </Text>
                      )}
                      {service.image && (
                        <Text fw={700} c="var(--academy-ink)">
                          {service.name}
                        </Text>
                      )}
                      <Group gap="sm">
                        <Button
                          component={Link}
                          to={`/news?service=${service.id}`}
                          variant="light"
                          color="brand.9"
                          size="xs"
                        >
                          {t('home.serviceNews')}
                        </Button>
                        {service.websiteUrl && (
                          <Button
                            component="a"
                            href={service.websiteUrl}
                            target="_blank"
                            rel="noopener noreferrer"
                            variant="subtle"
                            color="accent.6"
                            size="xs"
                            rightSection={<IconExternalLink size={14} aria-hidden />}
                          >
                            {t('home.visitWebsite')}
                          </Button>
                        )}
                      </Group>
                    </Stack>
                  </Card>
                ))}
              </SimpleGrid>
            </section>
          )}
        </Stack>
      </Container>
    </>
  );
}

export default HomePage;
