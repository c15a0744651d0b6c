/** The same URL with its `token` query parameter replaced (signed media URLs are renewed). */
export function withToken(url: string, token: string | null): string {
  if (!token) return url;
  const [base, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set('token', token);
  return `${base}?${params.toString()}`;
}

/** The `token` of a signed media URL. */
export function tokenOf(url: string): string | null {
  const query = url.split('?', 2)[1];
  return query ? new URLSearchParams(query).get('token') : null;
}
