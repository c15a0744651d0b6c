import { type TRoadmap, type TRoadmapInput, ZRoadmapInput } from '@academy/contract';

/** The roadmap form's state: strings as typed, keys for React lists. */
export interface CourseDraft {
  key: number;
  courseId: string | null;
  order: string;
}
export interface MilestoneDraft {
  key: number;
  name: string;
  order: string;
  courses: CourseDraft[];
}
export interface RoadmapDraft {
  branchId: string | null;
  authorizationId: string | null;
  description: string;
  milestones: MilestoneDraft[];
}

let nextKey = 1;
export const newKey = () => nextKey++;

export const emptyCourse = (): CourseDraft => ({ key: newKey(), courseId: null, order: '' });
export const emptyMilestone = (): MilestoneDraft => ({
  key: newKey(),
  name: '',
  order: '',
  courses: [emptyCourse()],
});

export function emptyDraft(): RoadmapDraft {
  return { branchId: null, authorizationId: null, description: '', milestones: [emptyMilestone()] };
}

export function draftOf(roadmap: TRoadmap): RoadmapDraft {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    branchId: String(roadmap.branchId),
    authorizationId: String(roadmap.authorizationId),
    description: roadmap.description ?? '',
    milestones: roadmap.milestones.map((m) => ({
      key: newKey(),
      name: m.name,
      order: text(m.order),
      courses: m.courses.map((c) => ({ key: newKey(), courseId: String(c.courseId), order: text(c.order) })),
    })),
  };
}

/** The draft checked by the contract: the input to send, or messages by field path ("milestones.0.name"). */
export function checkDraft(
  draft: RoadmapDraft,
): { ok: true; value: TRoadmapInput } | { ok: false; errors: Record<string, string> } {
  const input = {
    branchId: draft.branchId ?? '',
    authorizationId: draft.authorizationId ?? '',
    description: draft.description,
    milestones: draft.milestones.map((m) => ({
      name: m.name,
      order: m.order,
      courses: m.courses.map((c) => ({ courseId: c.courseId ?? '', order: c.order })),
    })),
  };
  const parsed = ZRoadmapInput.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}
