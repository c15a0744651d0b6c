import { oneLine } from '../layout';
import { action, defineMail, note, paragraph, quote } from '../template';

/** A reply to the recipient's question (qa): who replied, an excerpt, the link. */
export const qaReply = defineMail<{ questionId: number; title: string; replier: string; excerpt: string }>({
  sample: {
    questionId: 1,
    title: 'How do I resume a lesson video on my phone?',
    replier: 'Lan Pham',
    excerpt: 'Open the lesson again from "My course": the video starts where you stopped, on any device.',
  },
  compose: (data, { t, url }) => {
    const title = oneLine(data.title);
    return {
      subject: t('qaReply.subject', { title: title.slice(0, 150) }),
      blocks: [
        paragraph(t('qaReply.intro', { replier: data.replier, title })),
        quote(data.excerpt),
        ...action(t, t('qaReply.action'), url(`/training-academy/qa/${data.questionId}`)),
        note(t('qaReply.solve')),
      ],
    };
  },
});
