import type { TQuestionInput } from '@academy/contract';
import { ZQuestionInput } from '@academy/contract';
import { setLessonExamQuestionCount } from '../modules/courses';
import { questionValues } from '../modules/exams/questions';
import { examQuestions, exams } from '../modules/exams/tables';
import type { Db } from '../platform/db/client';

/** Demo exams, by the name of the demo lesson they belong to. Each lesson asks for 3 correct answers. */
export const DEMO_EXAMS: Record<string, TQuestionInput[]> = {
  'Preparing the appointment': [
    {
      type: 'SINGLE_CHOICE',
      content: 'When should you call the customer to confirm a fibre installation?',
      options: [
        { text: 'The day before the visit', correct: true },
        { text: 'Only if you are late', correct: false },
        { text: 'After the visit', correct: false },
      ],
    },
    {
      type: 'MULTIPLE_CHOICE',
      content: 'What do you check before leaving for the appointment?',
      taskGuide: 'More than one answer is right.',
      options: [
        { text: 'The address and access instructions', correct: true },
        { text: 'That the optical power meter is charged', correct: true },
        { text: "The customer's social media profile", correct: false },
        { text: 'That the router model matches the order', correct: true },
      ],
    },
    {
      type: 'FILL_BLANKS',
      content: 'An appointment slot lasts ___ hours and the technician arrives within the first ___ minutes.',
      taskDescription: 'Type a number in each blank.',
      blanks: [{ answers: ['2', 'two'] }, { answers: ['30', 'thirty'] }],
    },
    {
      type: 'SINGLE_CHOICE',
      content: 'The customer is not at home when you arrive. What do you do first?',
      options: [
        { text: 'Leave immediately', correct: false },
        { text: 'Call the customer and wait ten minutes', correct: true },
        { text: 'Install the box outside', correct: false },
      ],
    },
    {
      type: 'FILL_BLANKS',
      content: 'Always carry your ___ card so the customer can check who you are.',
      options: [{ text: 'badge' }, { text: 'credit' }, { text: 'loyalty' }],
      blanks: [{ answers: ['badge'] }],
    },
  ],
  'Choosing a prepaid bundle': [
    {
      type: 'SINGLE_CHOICE',
      content: 'A customer mostly uses messaging apps and rarely calls. Which bundle fits best?',
      options: [
        { text: 'Data-first bundle', correct: true },
        { text: 'Unlimited minutes bundle', correct: false },
        { text: 'International calls bundle', correct: false },
      ],
    },
    {
      type: 'MULTIPLE_CHOICE',
      content: 'Which questions help you recommend a prepaid bundle?',
      options: [
        { text: 'How much data do you use each month?', correct: true },
        { text: 'Do you call abroad?', correct: true },
        { text: 'What is your salary?', correct: false },
      ],
    },
    {
      type: 'FILL_BLANKS',
      content: 'Prepaid bundles renew every ___ days unless the customer cancels.',
      blanks: [{ answers: ['30', 'thirty'] }],
    },
    {
      type: 'SINGLE_CHOICE',
      content: 'What must the customer show to register a new prepaid SIM?',
      options: [
        { text: 'A valid identity document', correct: true },
        { text: 'A utility bill only', correct: false },
      ],
    },
  ],
  'Fire exits and first aid': [
    {
      type: 'SINGLE_CHOICE',
      content: 'The fire alarm rings. What do you do?',
      options: [
        { text: 'Finish the call first', correct: false },
        { text: 'Leave by the nearest exit, without the lift', correct: true },
        { text: 'Wait for your manager', correct: false },
      ],
    },
    {
      type: 'FILL_BLANKS',
      content: 'The emergency phone number is ___.',
      blanks: [{ answers: ['114'] }],
    },
    {
      type: 'MULTIPLE_CHOICE',
      content: 'Where are first aid kits kept?',
      options: [
        { text: 'At reception', correct: true },
        { text: 'In the server room', correct: false },
        { text: 'In every kitchen', correct: true },
      ],
    },
  ],
};

/**
 * Loads the demo exams onto the demo lessons with these names (the demo data calls this once,
 * in its transaction). A handful of statements.
 */
export async function seedDemoExams(db: Db, lessons: { id: number; name: string }[]): Promise<void> {
  const chosen = lessons.filter((l) => DEMO_EXAMS[l.name]);
  if (chosen.length === 0) return;
  await db.insert(exams).values(chosen.map((l) => ({ lessonId: l.id })));
  const rows = chosen.flatMap((lesson) =>
    (DEMO_EXAMS[lesson.name] ?? []).map((q, i) => ({
      ...questionValues(ZQuestionInput.parse(q)),
      examId: lesson.id,
      position: i + 1,
    })),
  );
  await db.insert(examQuestions).values(rows);
  for (const lesson of chosen) {
    await setLessonExamQuestionCount(db, lesson.id, DEMO_EXAMS[lesson.name]?.length ?? 0);
  }
}
