import { useMutation } from '@tanstack/react-query';
import { api } from './client';

/** POST /api/v2.0/statistics { page }: one page view for the page-usage report (when EnablePageTracking). */
export const postPageView = (page: string) =>
  api.post('/statistics', { page: page.slice(0, 300) }, { answer: (c) => c.common.noContent });

export function usePostPageView() {
  return useMutation({ mutationFn: postPageView, retry: false });
}
