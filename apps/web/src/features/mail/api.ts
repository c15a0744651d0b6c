import type { TMailPreviews } from '@academy/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET mail-previews: every kind of mail drawn with sample data (admins only). */
export function useMailPreviews(language: string | undefined) {
  return useQuery({
    queryKey: ['mail-previews', language ?? ''],
    queryFn: () => api<TMailPreviews>('mail-previews', language ? { query: { language } } : {}),
  });
}
