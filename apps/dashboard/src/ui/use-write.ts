import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A write that refreshes the lists under `key` once done. */
export function useWrite<T, R>(key: unknown[], fn: (input: T) => Promise<R>) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => void queries.invalidateQueries({ queryKey: key }),
  });
}
