import type { TScormAttempt, TScormLaunch, TScormPackage, TScormSettings } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { endpoint } from '../../lib/endpoint';
import { validId } from '../../lib/queries';

/**
 * SCORM lessons: the manager's package (import, settings, preview, removal) and the learner's
 * launch and attempt. The package lives under ['scorm', 'package', lessonId]; the learner's
 * attempt under ['scorm', 'attempt', lessonId].
 */
const scormApi = {
  package: endpoint<TScormPackage, number>('GET', (lessonId) => `lessons/${lessonId}/package`),
  importUpload: endpoint<TScormPackage, number>('PUT', (lessonId) => `lessons/${lessonId}/package`),
  settings: endpoint<TScormPackage, number>('PATCH', (lessonId) => `lessons/${lessonId}/package`),
  remove: endpoint<void, number>('DELETE', (lessonId) => `lessons/${lessonId}/package`),
  preview: endpoint<TScormLaunch, number>('POST', (lessonId) => `lessons/${lessonId}/package/preview`),
  launch: endpoint<TScormLaunch, number>('POST', (lessonId) => `lessons/${lessonId}/scorm/launch`),
  attempt: endpoint<TScormAttempt, number>('GET', (lessonId) => `lessons/${lessonId}/scorm/attempt`),
};

export const packageKey = (lessonId: number | undefined) => ['scorm', 'package', lessonId] as const;
export const attemptKey = (lessonId: number) => ['scorm', 'attempt', lessonId] as const;

/** A lesson's package for its form; null when the lesson has none (404). */
export function usePackage(lessonId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: packageKey(lessonId),
    queryFn: async () => {
      try {
        return await scormApi.package.call(lessonId as number);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: enabled && validId(lessonId),
    retry: false,
  });
}

/**
 * Imports a package uploaded with tus (its upload id) into a lesson: the server checks and unpacks
 * it; a 400 carries the reason. Large packages take a while: ten minutes before giving up.
 */
export function importUploadedPackage(lessonId: number, upload: string): Promise<TScormPackage> {
  return scormApi.importUpload.call(lessonId, { body: { upload }, signal: AbortSignal.timeout(10 * 60_000) });
}

export function saveScormSettings(lessonId: number, settings: TScormSettings): Promise<TScormPackage> {
  return scormApi.settings.call(lessonId, { body: settings });
}

export function removePackage(lessonId: number): Promise<void> {
  return scormApi.remove.call(lessonId);
}

/** A manager's preview of one SCO (the first when none is named): nothing is recorded. */
export function previewPackage(lessonId: number, sco?: string): Promise<TScormLaunch> {
  return scormApi.preview.call(lessonId, { query: { sco } });
}

/** The learner opens a SCO of their attempt (a new attempt when asked and allowed). */
export function launchSco(
  lessonId: number,
  options: { sco?: string; newAttempt?: boolean } = {},
): Promise<TScormLaunch> {
  return scormApi.launch.call(lessonId, {
    query: { sco: options.sco, newAttempt: options.newAttempt ? 'true' : undefined },
  });
}

/** The learner's latest attempt: statuses, score, time, attempts and each SCO's standing. */
export function useAttempt(lessonId: number) {
  return useQuery({
    queryKey: attemptKey(lessonId),
    queryFn: () => scormApi.attempt.call(lessonId),
    retry: false,
  });
}
