import type { TFooterContact } from '@academy/contract';
import { asc } from 'drizzle-orm';
import { homeBanners, siteSettings } from '../modules/home/tables';
import { news, newsCategories } from '../modules/news/tables';
import { services } from '../modules/org/tables';
import type { Db } from '../platform/db/client';
import { sanitizeRichText } from '../platform/richtext/sanitize';
import { DEMO_PICTURES, demoImage } from './pictures';

/** The demo public website: banners, popup, introduction, footer contact, categories and news. */

export const DEMO_NEWS_CATEGORIES = ['Company news', 'Products and offers', 'Training and events'];

export const DEMO_CONTACT: TFooterContact = {
  companyLine: 'Skyline Telecom Joint Stock Company · Business registration no. 0101234567',
  customerCare: '1800 1090 (free of charge, 24/7)',
  address: 'Skyline Tower, 1 Tran Duy Hung, Cau Giay, Hanoi',
  addressMapUrl: 'https://www.openstreetmap.org/search?query=Tran%20Duy%20Hung%20Hanoi',
  mailbox: 'contact@skyline.example.com',
  social: {
    facebook: 'https://www.facebook.com/skyline.telecom.example',
    youtube: 'https://www.youtube.com/@skyline-telecom-example',
    linkedin: 'https://www.linkedin.com/company/skyline-telecom-example',
    instagram: null,
    tiktok: null,
  },
};

const INTRODUCTION = `
<h2>Who we are</h2>
<p><strong>Skyline Telecom</strong> connects more than twelve million people across the country with mobile, fibre and television services. Behind every connection are our people: engineers, care agents, sales consultants and the teams that support them.</p>
<p style="text-align: center"><img src="/files/demo/banner-1-w960.jpg" alt="The Skyline Training Academy" width="960" height="360" /></p>
<h2>The Training Academy</h2>
<p>The Academy is where Skyline employees learn. Every course is built by our own experts and follows the way we work every day:</p>
<ul>
  <li><strong>Courses made of topics and lessons</strong>, with videos, documents and short exams.</li>
  <li><strong>Roadmaps</strong> that tell each role which courses to take, and in which order.</li>
  <li><strong>Certificates</strong> for every course you complete.</li>
</ul>
<h3>Our values</h3>
<ol>
  <li>Customers first: every lesson starts from a real customer situation.</li>
  <li>Learning never stops: new courses every month, for every service.</li>
  <li>One team: mobile, fibre and TV learn from each other.</li>
</ol>
<blockquote>“The best network is the people who run it.”</blockquote>
<p>Questions about the Academy? Write to <a href="mailto:academy@skyline.example.com">academy@skyline.example.com</a>.</p>
`;

type DemoArticle = {
  title: string;
  description: string;
  /** 0 Company news, 1 Products and offers, 2 Training and events. */
  category: number;
  /** Index into the demo services (0 Mobile, 1 Fibre, 2 TV). */
  service: number;
  picture: number;
  outstanding?: boolean;
  hidden?: boolean;
};

const ARTICLES: DemoArticle[] = [
  {
    title: 'Skyline Mobile switches on 5G in three more cities',
    description:
      'Customers in Hai Phong, Can Tho and Hue can now use 5G on every Skyline Mobile plan at no extra cost.',
    category: 1,
    service: 0,
    picture: 1,
    outstanding: true,
  },
  {
    title: 'Fibre 1 Gbps now available for every home',
    description:
      'The new Skyline Fibre Max plan brings gigabit speeds and a Wi-Fi 7 router to homes in twenty cities.',
    category: 1,
    service: 1,
    picture: 2,
    outstanding: true,
  },
  {
    title: 'Skyline TV adds twelve sports channels',
    description: 'From next month Skyline TV viewers get twelve new sports channels, four of them in 4K.',
    category: 1,
    service: 2,
    picture: 3,
    outstanding: true,
  },
  {
    title: 'Training Academy opens its spring season',
    description:
      'Twenty new courses for care agents, engineers and sales consultants are open for enrolment.',
    category: 2,
    service: 0,
    picture: 4,
    outstanding: true,
  },
  {
    title: 'Our care centre wins the national service award',
    description: 'The Da Nang care centre was named the best customer service team of the year.',
    category: 0,
    service: 0,
    picture: 5,
    outstanding: true,
  },
  {
    title: 'Quarterly results: growth in every service',
    description: 'Mobile, fibre and TV subscriptions all grew in the first quarter, led by fibre at home.',
    category: 0,
    service: 1,
    picture: 0,
    outstanding: true,
  },
  {
    title: 'Volunteers connect twenty mountain schools',
    description: 'Skyline engineers gave their weekends to bring fibre and laptops to schools in the north.',
    category: 0,
    service: 1,
    picture: 6,
  },
  {
    title: 'New family plan shares data between five phones',
    description: 'One bill, one data pool, five SIM cards: the new Skyline Family plan is on sale today.',
    category: 1,
    service: 0,
    picture: 7,
  },
  {
    title: 'Fibre installers complete safety certification',
    description: 'Every field technician passed the new working-at-height course in the Academy.',
    category: 2,
    service: 1,
    picture: 4,
  },
  {
    title: 'Skyline TV app arrives on smart TVs',
    description: 'Watch live channels and replays on Samsung and LG smart TVs without a set-top box.',
    category: 1,
    service: 2,
    picture: 3,
  },
  {
    title: 'Mobile network upgrade finished ahead of schedule',
    description: 'Four thousand sites were modernised in six months, cutting dropped calls by a third.',
    category: 0,
    service: 0,
    picture: 1,
  },
  {
    title: 'Customer care week: thank you to our agents',
    description: 'Seven days of workshops, awards and celebrations for our care teams across the country.',
    category: 2,
    service: 0,
    picture: 5,
  },
  {
    title: 'Fibre prices frozen for another year',
    description: 'Existing Skyline Fibre customers keep their price until the end of next year.',
    category: 1,
    service: 1,
    picture: 2,
    hidden: true,
  },
  {
    title: 'Engineers meet at the annual network summit',
    description: 'Two days of talks on 5G, fibre and the future of television delivery.',
    category: 2,
    service: 1,
    picture: 6,
  },
  {
    title: 'Skyline TV kids corner gets new shows',
    description: 'Thirty new episodes of educational cartoons for children under ten.',
    category: 1,
    service: 2,
    picture: 3,
  },
  {
    title: 'Roaming prices cut in twenty countries',
    description: 'Travellers pay home prices for calls and data in twenty countries across Asia.',
    category: 1,
    service: 0,
    picture: 7,
  },
  {
    title: 'New headquarters opens in Hanoi',
    description: 'Two thousand employees moved into Skyline Tower, a building designed for teamwork.',
    category: 0,
    service: 0,
    picture: 0,
    hidden: true,
  },
  {
    title: 'TV production team launches a cooking show',
    description: 'Our own production team made its first cooking show, airing every Sunday evening.',
    category: 0,
    service: 2,
    picture: 3,
  },
  {
    title: 'Certification day for new sales consultants',
    description: 'Eighty new consultants received their Academy certificates this week.',
    category: 2,
    service: 0,
    picture: 4,
    outstanding: true,
    hidden: true,
  },
  {
    title: 'Fibre reaches one million homes',
    description: 'A milestone for Skyline Fibre: one million households now connect with us.',
    category: 0,
    service: 1,
    picture: 2,
  },
  {
    title: 'Workshop: handling difficult calls',
    description: 'A hands-on workshop for care agents, with role plays and coaching from team leads.',
    category: 2,
    service: 1,
    picture: 5,
  },
  {
    title: 'Skyline TV wins the streaming quality award',
    description: 'Independent tests named Skyline TV the most stable streaming service of the year.',
    category: 0,
    service: 2,
    picture: 3,
  },
  {
    title: 'Open day at the network operations centre',
    description: 'Families of employees visited the operations centre that watches over our network.',
    category: 2,
    service: 2,
    picture: 6,
    hidden: true,
  },
  {
    title: 'Prepaid bundles get double data on weekends',
    description: 'Every prepaid bundle doubles its data allowance on Saturdays and Sundays.',
    category: 1,
    service: 0,
    picture: 7,
  },
];

function articleContent(a: DemoArticle, picture: string): string {
  return sanitizeRichText(`
<p>Skyline Telecom announced the news this week. Teams from across the company worked together to make it happen, and the first customers have already shared their feedback.</p>
<h2>What changes</h2>
<ul>
  <li>Customers are informed by text message and in the Skyline app.</li>
  <li>Stores and care agents have the details from today.</li>
  <li>Nothing needs to be done to benefit from it.</li>
</ul>
<p style="text-align: center"><img src="${picture}" alt="${a.title}" width="960" height="540" /></p>
<h2>For our teams</h2>
<p>The Training Academy has a short lesson that explains everything you need to answer customers' questions. Find it under <em>My courses</em>.</p>
`);
}

/** Loads the demo website content; `tx` is the demo seed's transaction. */
export async function seedDemoSite(tx: Db): Promise<void> {
  const serviceIds = (await tx.select({ id: services.id }).from(services).orderBy(asc(services.id))).map(
    (s) => s.id,
  );
  if (!serviceIds.length) return;
  const categories = await tx
    .insert(newsCategories)
    .values(DEMO_NEWS_CATEGORIES.map((name) => ({ name })))
    .returning({ id: newsCategories.id });
  const start = Date.now() - ARTICLES.length * 36 * 3600 * 1000;
  await tx.insert(news).values(
    ARTICLES.map((a, i) => {
      const picture = DEMO_PICTURES.news[a.picture] ?? DEMO_PICTURES.news[0];
      const inline = DEMO_PICTURES.news[(a.picture + 3) % DEMO_PICTURES.news.length];
      if (!picture || !inline) throw new Error('demo pictures missing');
      const image = demoImage(picture);
      const inlineImage = demoImage(inline);
      const at = new Date(start + i * 36 * 3600 * 1000);
      return {
        title: a.title,
        description: a.description,
        content: articleContent(a, inlineImage.variants.find((v) => v.width === 960)?.url ?? ''),
        image,
        categoryId: categories[a.category]?.id ?? 0,
        serviceId: serviceIds[a.service % serviceIds.length] ?? 0,
        outstanding: a.outstanding ?? false,
        hiddenFromHome: a.hidden ?? false,
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  await tx
    .insert(homeBanners)
    .values(DEMO_PICTURES.banners.map((picture, position) => ({ image: demoImage(picture), position })));
  await tx.insert(siteSettings).values({
    id: 1,
    // Off in the demo so that every journey starts on a clear home page; staff can turn it on.
    popupEnabled: false,
    popupImage: demoImage(DEMO_PICTURES.popup),
    introduction: sanitizeRichText(INTRODUCTION),
    introductionUpdatedAt: new Date(),
    contact: DEMO_CONTACT,
  });
}
