import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import type { Schemas } from '../../../../lib/schemas';

/** One of a service's own questions, with its texts in every language, as staff define it. */
export type Question = Schemas['Question'];

/** The type of a question's answer. */
export type QuestionType = Schemas['QuestionType'];

/** The types, in the order the editor offers them. */
export const QUESTION_TYPES: QuestionType[] = ['choice', 'text', 'url', 'number'];

const questionsKey = (slug: string) => ['admin', 'service-questions', slug] as const;

/** A service's questions, as stored. */
export async function getServiceQuestions(slug: string, signal?: AbortSignal): Promise<Question[]> {
  const body = await api.get<{ questions: Question[] }>(`/api/admin/services/${encodeURIComponent(slug)}/questions`, { signal });
  return body.questions ?? [];
}

/** Replaces a service's questions; the server answers with them as stored (new ones with their ids). */
export async function saveServiceQuestions(slug: string, questions: Question[]): Promise<Question[]> {
  const body = await api.put<{ questions: Question[] }>(`/api/admin/services/${encodeURIComponent(slug)}/questions`, { questions });
  return body.questions ?? [];
}

/** The questions' queries. */
export const serviceQuestionQueries = {
  of: (slug: string) => queryOptions({ queryKey: questionsKey(slug), queryFn: ({ signal }) => getServiceQuestions(slug, signal) }),
};

/**
 * Saving a service's questions: the stored list replaces the cached one, and the services'
 * lists the form and the console read are asked again (they carry the questions).
 */
export function useSaveServiceQuestionsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, questions }: { slug: string; questions: Question[] }) => saveServiceQuestions(slug, questions),
    onSuccess: (saved, { slug }) => client.setQueryData(questionsKey(slug), saved),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'services'] }),
        client.invalidateQueries({ queryKey: ['service-choices'] }),
      ]),
  });
}
