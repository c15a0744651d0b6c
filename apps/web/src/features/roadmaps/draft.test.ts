import { ROADMAP_MESSAGES } from '@academy/contract';
import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, emptyDraft } from './draft';

describe('the roadmap form draft', () => {
  it('sends blank orders as missing (they sort as 0) and ids as numbers', () => {
    const draft = emptyDraft();
    draft.branchId = '3';
    draft.authorizationId = '7';
    draft.milestones[0] = {
      key: 1,
      name: ' Basics ',
      order: '',
      courses: [{ key: 2, courseId: '5', order: '' }],
    };
    const checked = checkDraft(draft);
    expect(checked).toEqual({
      ok: true,
      value: {
        branchId: 3,
        authorizationId: 7,
        description: null,
        milestones: [{ name: 'Basics', order: undefined, courses: [{ courseId: 5, order: undefined }] }],
      },
    });
  });

  it('puts each message on its field path', () => {
    const draft = emptyDraft();
    draft.milestones.push({
      key: 9,
      name: 'Twice',
      order: 'x',
      courses: [
        { key: 10, courseId: '4', order: '' },
        { key: 11, courseId: '4', order: '' },
      ],
    });
    const checked = checkDraft(draft);
    if (checked.ok) throw new Error('expected errors');
    expect(checked.errors).toMatchObject({
      branchId: 'This field is required',
      authorizationId: 'This field is required',
      'milestones.0.name': 'This field is required',
      'milestones.0.courses.0.courseId': 'This field is required',
    });
    expect(checked.errors['milestones.1.order']).toBeDefined();
  });

  it('names the second place of a course that appears twice', () => {
    const draft = emptyDraft();
    draft.branchId = '1';
    draft.authorizationId = '1';
    draft.milestones = [
      { key: 1, name: 'A', order: '', courses: [{ key: 2, courseId: '4', order: '' }] },
      { key: 3, name: 'B', order: '', courses: [{ key: 4, courseId: '4', order: '1' }] },
    ];
    const checked = checkDraft(draft);
    if (checked.ok) throw new Error('expected errors');
    expect(checked.errors).toEqual({ 'milestones.1.courses.0.courseId': ROADMAP_MESSAGES.courseTwice });
  });

  it('opens a saved roadmap with its orders as typed', () => {
    const draft = draftOf({
      id: 1,
      branchId: 2,
      branchName: 'B',
      serviceId: 1,
      serviceName: 'S',
      authorizationId: 3,
      authorizationName: 'A',
      description: null,
      milestones: [
        {
          id: 4,
          name: 'M',
          order: null,
          courses: [{ courseId: 5, courseName: 'C', order: 2, mustCompleteBeforeNext: false }],
        },
      ],
      createdAt: '',
      updatedAt: '',
    });
    expect(draft).toMatchObject({
      branchId: '2',
      authorizationId: '3',
      description: '',
      milestones: [{ name: 'M', order: '', courses: [{ courseId: '5', order: '2' }] }],
    });
  });
});
