import { describe, expect, it } from 'vitest';
import { moved } from './order';
import { formatVideoLength, isDocumentName, lessonFormPath, parseVideoLength } from './paths';

describe('lesson form helpers', () => {
  it('reads a video length as m:ss, h:mm:ss or seconds', () => {
    expect(parseVideoLength('10:34')).toBe(634);
    expect(parseVideoLength('1:02:03')).toBe(3723);
    expect(parseVideoLength(' 90 ')).toBe(90);
    expect(parseVideoLength('')).toBeUndefined();
    expect(parseVideoLength('ten')).toBeNaN();
    expect(parseVideoLength('1:-2')).toBeNaN();
    expect(formatVideoLength(634)).toBe('10:34');
    expect(formatVideoLength(3723)).toBe('1:02:03');
    expect(formatVideoLength(null)).toBe('');
  });

  it('accepts only PDF, Word, Excel and PowerPoint names', () => {
    for (const name of ['a.pdf', 'b.DOCX', 'c.doc', 'd.xls', 'e.xlsx', 'f.ppt', 'g.pptx'])
      expect(isDocumentName(name), name).toBe(true);
    for (const name of ['a.png', 'b.zip', 'noext', 'c.pdf.exe'])
      expect(isDocumentName(name), name).toBe(false);
  });

  it('keeps the course and topic in the lesson form link', () => {
    expect(lessonFormPath({ courseId: 3, topicId: 7 })).toBe(
      '/management/course/add-lesson?courseId=3&topicId=7',
    );
    expect(lessonFormPath({ courseId: 3, topicId: 7, lessonId: 9 })).toBe(
      '/management/course/edit-lesson?courseId=3&topicId=7&id=9',
    );
  });

  it('moves one id up or down in an order', () => {
    expect(moved([1, 2, 3], 2, 1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
  });
});
