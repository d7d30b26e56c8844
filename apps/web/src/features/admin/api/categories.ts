import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { categoryKeys } from '../../../shared/api/get-categories';

/** POST /api/v2.0/Images/set/category?id=: the category's image (re-encoded by the server). */
export function useSetCategoryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post('/Images/set/category', form, {
        query: { id },
        answer: (c) => c.images.imageSetResult,
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

/** DELETE /api/v2.0/Images/category/{id}: the category goes back to no image. */
export function useRemoveCategoryImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(`/Images/category/${pathParam('id', id)}`, { answer: (c) => c.common.noContent }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

/** DELETE /api/v2.0/Categories/{id}[?moveTo=]: an empty category, or one whose contents move first. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: string; moveTo: string | null }) =>
      api.delete(`/Categories/${pathParam('id', id)}`, {
        query: { moveTo: moveTo ?? undefined },
        answer: (c) => c.catalogue.categoryDeleted,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
