import type { TQuestionInput } from '@academy/contract';
import { ZQuestionInput } from '@academy/contract';
import { setLessonExamQuestionCount } from '../modules/courses';
import { questionValues } from '../modules/exams/questions';
import { examQuestions, exams } from '../modules/exams/tables';
import type { Db } from '../platform/db/client';

/** A demo exam: its questions and the correct answers it requires (never more than its questions). */
export type DemoExam = { required: number; questions: TQuestionInput[] };

/**
 * Demo exams, by the name of the demo lesson they belong to. Every demo lesson without one
 * requires no correct answers and passes on study time (issue 20: a learner can pass every demo
 * lesson; demo-lessons.test.ts walks them).
 */
export const DEMO_EXAMS: Record<string, DemoExam> = {
  'Summarising the next steps': {
    required: 3,
    questions: [
      {
        type: 'SINGLE_CHOICE',
        content: 'At the end of a call, what do you repeat back to the customer?',
        options: [
          { text: 'What happens next, who does it and by when', correct: true },
          { text: 'The full history of their account', correct: false },
          { text: 'Our internal ticket priority rules', correct: false },
        ],
      },
      {
        type: 'MULTIPLE_CHOICE',
        content: 'What goes into the call notes before you close the ticket?',
        taskGuide: 'More than one answer is right.',
        options: [
          { text: 'The problem in the words the customer used', correct: true },
          { text: 'What you did and what is still open', correct: true },
          { text: 'The time you promised to call back', correct: true },
          { text: 'Your opinion of the customer', correct: false },
        ],
      },
      {
        type: 'FILL_BLANKS',
        content: 'Before you hang up, ask: "Is there ___ else I can help you with?"',
        taskDescription: 'Type one word.',
        blanks: [{ answers: ['anything'] }],
      },
      {
        type: 'SINGLE_CHOICE',
        content: 'A technician has to visit. What do you tell the customer?',
        options: [
          { text: 'The appointment window, and that a text message will confirm it', correct: true },
          { text: 'That someone will come round at some point', correct: false },
          { text: 'To call again tomorrow to book the visit', correct: false },
        ],
      },
    ],
  },
  'Channel packages at a glance': {
    required: 3,
    questions: [
      {
        type: 'SINGLE_CHOICE',
        content:
          "A family on a tight budget wants children's channels and the news. What do you offer first?",
        options: [
          { text: 'The basic package with the Kids add-on', correct: true },
          { text: 'The premium package with every channel', correct: false },
          { text: 'The Sports add-on on its own', correct: false },
        ],
      },
      {
        type: 'MULTIPLE_CHOICE',
        content: 'Which questions help you choose a TV package with the customer?',
        taskGuide: 'More than one answer is right.',
        options: [
          { text: 'Which channels do you watch most?', correct: true },
          { text: 'How many TVs are there in your home?', correct: true },
          { text: 'Which mobile phone do you have?', correct: false },
        ],
      },
      {
        type: 'FILL_BLANKS',
        content: 'A package change takes effect on the first day of the next ___.',
        options: [{ text: 'month' }, { text: 'week' }, { text: 'year' }],
        blanks: [{ answers: ['month'] }],
      },
      {
        type: 'SINGLE_CHOICE',
        content: 'Every channel shows "No signal". What do you ask the customer to check first?',
        options: [
          { text: 'That the cable from the wall socket to the box is plugged in', correct: true },
          { text: 'That the Sports add-on is paid', correct: false },
          { text: "The TV's brightness setting", correct: false },
        ],
      },
    ],
  },
  'Preparing the appointment': {
    required: 3,
    questions: [
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
        content:
          'An appointment slot lasts ___ hours and the technician arrives within the first ___ minutes.',
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
  },
  'Choosing a prepaid bundle': {
    required: 3,
    questions: [
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
  },
  'Fire exits and first aid': {
    required: 3,
    questions: [
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
  },
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
    (DEMO_EXAMS[lesson.name]?.questions ?? []).map((q, i) => ({
      ...questionValues(ZQuestionInput.parse(q)),
      examId: lesson.id,
      position: i + 1,
    })),
  );
  await db.insert(examQuestions).values(rows);
  for (const lesson of chosen) {
    await setLessonExamQuestionCount(db, lesson.id, DEMO_EXAMS[lesson.name]?.questions.length ?? 0);
  }
}
