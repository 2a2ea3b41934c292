import type { Question, QuestionType } from '../api/serviceQuestions';

/** The languages every question and option is written in, in the order the editor asks them. */
export const QUESTION_LANGUAGES = ['fr', 'en', 'ar'] as const;

/** A question of the editor: as the server has it, with a key that stays with it as it moves. */
export type DraftQuestion = Question & { key: string };

/** Bounds of a service's questions, as the server checks them. */
export const MAX_QUESTIONS = 5;
export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 10;

let counter = 0;
const newKey = () => `q${++counter}`;

const noTexts = () => ({ fr: '', en: '', ar: '' });

/** An empty option of a choice. */
export const emptyOption = () => ({ value: '', label: noTexts() });

/** The stored questions as the editor holds them. */
export function draftsOf(questions: Question[]): DraftQuestion[] {
  return questions.map((q) => ({
    ...q,
    text: { ...noTexts(), ...q.text },
    options: (q.options ?? []).map((o) => ({ ...o, label: { ...noTexts(), ...o.label } })),
    key: newKey(),
  }));
}

/** A new question: a short text, not required, with no words yet. */
export function newQuestion(): DraftQuestion {
  return { key: newKey(), id: '', type: 'text', required: false, text: noTexts(), options: [] };
}

/** The question with another type: a choice starts with two empty options, the others have none. */
export function withType(q: DraftQuestion, type: QuestionType): DraftQuestion {
  if (type !== 'choice') return { ...q, type, options: [] };
  const options = q.options?.length ? q.options : [emptyOption(), emptyOption()];
  return { ...q, type, options };
}

/** The list with the question at from moved by step (-1 up, +1 down); unchanged at an end. */
export function move<T>(list: T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (to < 0 || to >= list.length) return list;
  const out = [...list];
  [out[from], out[to]] = [out[to]!, out[from]!];
  return out;
}

/** The questions as the server takes them. */
export function toSave(drafts: DraftQuestion[]): Question[] {
  return drafts.map(({ key: _key, ...q }) => (q.type === 'choice' ? q : { ...q, options: [] }));
}

/** Whether the drafts say what the stored questions say. */
export function sameQuestions(drafts: DraftQuestion[], stored: Question[]): boolean {
  return JSON.stringify(toSave(drafts)) === JSON.stringify(toSave(draftsOf(stored)));
}
